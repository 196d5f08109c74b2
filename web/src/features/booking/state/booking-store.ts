import { create, type StateCreator } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { BookingResult, PatientStatus } from '#domain/booking/booking-schemas.ts';
import type { Clinic, ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import {
  EMPTY_PATIENT_FORM_DETAILS,
  initialBookingState,
  type BookingSlotDetails,
  type BookingState,
  type PatientFormDetails,
  type ProviderDetails,
  type SlotsError,
} from './booking-state.ts';

export const BOOKING_STORAGE_KEY = 'chairtime-booking';

export interface BookingActions {
  setPage(page: number): void;
  /** Starts a fresh booking for this practice and clinic_num (spec section 4 reset rules). */
  startSession(formUrl: string, clinicNumParam: string | null): void;
  saveClinic(clinic: Clinic): void;
  /** Back on page 1: forget the clinic and everything typed or chosen. */
  resetClinicAndForm(): void;
  chooseStatus(status: PatientStatus, at: Date): void;
  setBookingForSomeOne(value: boolean): void;
  /** A different reason clears the provider and slot chosen for the old one. */
  saveReason(reason: ReasonForVisit): void;
  resetReason(): void;
  /** A different provider clears the slot chosen for the old one. */
  saveProvider(provider: ProviderDetails): void;
  saveSlot(slot: BookingSlotDetails, visit: { startTime: string; endTime: string }): void;
  resetSlot(): void;
  setSlotsError(error: SlotsError | null): void;
  savePatientDetails(
    details: Pick<
      PatientFormDetails,
      | 'basicDetailsData'
      | 'patientDOBDetails'
      | 'patientInsuranceDetails'
      | 'companionDetails'
      | 'patientContactDetails'
    >,
    hp: string,
  ): void;
  saveBookingResult(result: BookingResult): void;
  /** Clears every part of the patient form and returns to page 1; the clinic stays. */
  resetPatientForm(): void;
}

export type BookingStore = BookingState & BookingActions;

const withoutSlot = { bookingSlotDetails: null } as const;

type SetBooking = Parameters<StateCreator<BookingStore>>[0];

/** Where the patient is: the page, a fresh session, the clinic. */
const sessionActions = (
  set: SetBooking,
): Pick<BookingActions, 'setPage' | 'startSession' | 'saveClinic' | 'resetClinicAndForm'> => ({
  setPage: (page) => set({ patientFormPageNumber: Math.max(1, page) }),
  startSession: (formUrl, clinicNumParam) => set({ ...initialBookingState(), formUrl, clinicNumParam }),
  saveClinic: (clinic) => set({ clinicDetails: clinic }),
  resetClinicAndForm: () =>
    set((state) => ({
      ...initialBookingState(),
      formUrl: state.formUrl,
      clinicNumParam: state.clinicNumParam,
      visitStartedAt: state.visitStartedAt,
    })),
});

/** The visit's choices, each clearing what was chosen for the one before (spec section 4). */
const choiceActions = (
  set: SetBooking,
): Pick<
  BookingActions,
  'saveReason' | 'resetReason' | 'saveProvider' | 'saveSlot' | 'resetSlot' | 'setSlotsError'
> => ({
  saveReason: (reason) =>
    set((state) => {
      const details = state.patientFormDetails;
      if (details.reasonForVisit?.id === reason.id)
        return { patientFormDetails: { ...details, reasonForVisit: reason } };
      return {
        patientFormDetails: { ...details, reasonForVisit: reason, providerDetails: null, ...withoutSlot },
        patientVisitDuration: null,
        slotsError: null,
      };
    }),
  resetReason: () =>
    set((state) => ({
      patientFormDetails: {
        ...state.patientFormDetails,
        reasonForVisit: null,
        providerDetails: null,
        ...withoutSlot,
      },
      patientVisitDuration: null,
      slotsError: null,
    })),
  saveProvider: (provider) =>
    set((state) => {
      const details = state.patientFormDetails;
      if (details.providerDetails?.pms_prov_num === provider.pms_prov_num)
        return { patientFormDetails: { ...details, providerDetails: provider } };
      return {
        patientFormDetails: { ...details, providerDetails: provider, ...withoutSlot },
        patientVisitDuration: null,
        slotsError: null,
      };
    }),
  saveSlot: (slot, visit) =>
    set((state) => ({
      patientFormDetails: { ...state.patientFormDetails, bookingSlotDetails: slot },
      patientVisitDuration: visit,
    })),
  resetSlot: () =>
    set((state) => ({
      patientFormDetails: { ...state.patientFormDetails, ...withoutSlot },
      patientVisitDuration: null,
    })),
  setSlotsError: (error) => set({ slotsError: error }),
});

/** Who the patient is and what they typed, the booking's result, and a fresh form. */
const patientActions = (
  set: SetBooking,
): Pick<
  BookingActions,
  'chooseStatus' | 'setBookingForSomeOne' | 'savePatientDetails' | 'saveBookingResult' | 'resetPatientForm'
> => ({
  chooseStatus: (status, at) =>
    set((state) => ({
      statusSelectedAt: at.toISOString(),
      patientFormDetails: {
        ...state.patientFormDetails,
        basicDetailsData: { ...state.patientFormDetails.basicDetailsData, patientStatus: status },
      },
    })),
  setBookingForSomeOne: (value) =>
    set((state) => ({ patientFormDetails: { ...state.patientFormDetails, bookingForSomeOne: value } })),
  savePatientDetails: (details, hp) =>
    set((state) => ({
      patientFormDetails: { ...state.patientFormDetails, ...details },
      formSecurity: { ...state.formSecurity, hp },
    })),
  saveBookingResult: (result) => set({ bookingResult: result }),
  resetPatientForm: () =>
    set((state) => ({
      patientFormPageNumber: 1,
      patientFormDetails: EMPTY_PATIENT_FORM_DETAILS,
      patientVisitDuration: null,
      formSecurity: { hp: '', recaptchaToken: null },
      slotsError: null,
      statusSelectedAt: null,
      bookingResult: null,
      visitStartedAt: state.visitStartedAt,
    })),
});

export const useBookingStore = create<BookingStore>()(
  persist(
    (set) => ({
      ...initialBookingState(),
      ...sessionActions(set),
      ...choiceActions(set),
      ...patientActions(set),
    }),
    {
      name: BOOKING_STORAGE_KEY,
      // Spec section 3: session storage, no time-out; a reload returns to the same step.
      storage: createJSONStorage(() => sessionStorage),
      version: 1,
      partialize: (state): BookingState => ({
        formUrl: state.formUrl,
        clinicNumParam: state.clinicNumParam,
        patientFormPageNumber: state.patientFormPageNumber,
        clinicDetails: state.clinicDetails,
        patientFormDetails: state.patientFormDetails,
        patientVisitDuration: state.patientVisitDuration,
        formSecurity: state.formSecurity,
        slotsError: state.slotsError,
        statusSelectedAt: state.statusSelectedAt,
        visitStartedAt: state.visitStartedAt,
        bookingResult: state.bookingResult,
      }),
    },
  ),
);

/** Forgets the stored booking entirely (leaving the confirmation page, the redirect countdown). */
export function clearBookingStorage(): void {
  useBookingStore.setState({ ...initialBookingState() });
  useBookingStore.persist.clearStorage();
}

/** Spec section 4: the booking starts afresh when the practice path or clinic_num changes. */
export function isSameSession(
  state: Pick<BookingState, 'formUrl' | 'clinicNumParam'>,
  formUrl: string,
  clinicNumParam: string | null,
): boolean {
  return state.formUrl === formUrl && state.clinicNumParam === clinicNumParam;
}
