import type { BookingResult, PatientStatus } from '#domain/booking/booking-schemas.ts';
import type { Clinic, Provider, ReasonForVisit } from '#domain/practice/practice-schemas.ts';

/**
 * The booking state of spec section 3, named as the spec names it. Server data (reasons, slots,
 * the practice form) lives in the query cache; this is what the patient chose and typed.
 */

export interface InsuranceChoice {
  label: string;
  value: string;
}

export interface ProviderDetails extends Provider {
  /** The display name, otherwise first and last name joined (spec section 3). */
  providerName: string;
}

export interface BookingSlotDetails {
  /** Practice-local "YYYY-MM-DD". */
  date: string;
  /** "hh:mm A", as shown. */
  slotStart: string;
  provNum: number;
  opNum: number;
}

export interface PatientFormDetails {
  basicDetailsData: { firstName: string; lastName: string; patientStatus: PatientStatus | null };
  patientDOBDetails: { dob: string };
  patientInsuranceDetails: {
    insurance: InsuranceChoice | null;
    subscribersFullName: string;
    subscriberDOB: string;
    insuranceProvider: string;
    subscriberID: string;
    haveDentalInsurance: 'Yes' | 'No' | null;
    subscriberPhone: string;
    groupNumber: string;
  };
  bookingForSomeOne: boolean;
  companionDetails: { companionFirstName: string; companionLastName: string; companionDOB: string };
  reasonForVisit: ReasonForVisit | null;
  providerDetails: ProviderDetails | null;
  bookingSlotDetails: BookingSlotDetails | null;
  patientContactDetails: { email: string; phone: string; message: string; agreeTextAndEmail: boolean };
}

export interface SlotsError {
  statusCode: number;
  code: string;
  message: string;
}

export interface BookingState {
  /** The practice slug and clinic_num this state belongs to; a change of either resets it (spec section 4). */
  formUrl: string | null;
  clinicNumParam: string | null;
  patientFormPageNumber: number;
  clinicDetails: Clinic | null;
  patientFormDetails: PatientFormDetails;
  /** Practice-local "HH:mm:ss" start and end of the chosen slot. */
  patientVisitDuration: { startTime: string; endTime: string } | null;
  formSecurity: { hp: string; recaptchaToken: string | null };
  slotsError: SlotsError | null;
  /** When the patient chose a status on page 1 (spec section 4: a timestamp of each choice). */
  statusSelectedAt: string | null;
  /** When this visit started, for the visit data's visitTime and visitDuration. */
  visitStartedAt: string;
  /** The created booking, for the confirmation page. */
  bookingResult: BookingResult | null;
}

export const EMPTY_PATIENT_FORM_DETAILS: PatientFormDetails = {
  basicDetailsData: { firstName: '', lastName: '', patientStatus: null },
  patientDOBDetails: { dob: '' },
  patientInsuranceDetails: {
    insurance: null,
    subscribersFullName: '',
    subscriberDOB: '',
    insuranceProvider: '',
    subscriberID: '',
    haveDentalInsurance: null,
    subscriberPhone: '',
    groupNumber: '',
  },
  bookingForSomeOne: false,
  companionDetails: { companionFirstName: '', companionLastName: '', companionDOB: '' },
  reasonForVisit: null,
  providerDetails: null,
  bookingSlotDetails: null,
  patientContactDetails: { email: '', phone: '', message: '', agreeTextAndEmail: false },
};

export function initialBookingState(now: Date = new Date()): BookingState {
  return {
    formUrl: null,
    clinicNumParam: null,
    patientFormPageNumber: 1,
    clinicDetails: null,
    patientFormDetails: EMPTY_PATIENT_FORM_DETAILS,
    patientVisitDuration: null,
    formSecurity: { hp: '', recaptchaToken: null },
    slotsError: null,
    statusSelectedAt: null,
    visitStartedAt: now.toISOString(),
    bookingResult: null,
  };
}
