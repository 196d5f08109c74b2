import { createBookingFormSchema, type BookingFormContext } from '#domain/booking/booking-form-schema.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { EMPTY_PATIENT_FORM_DETAILS } from '../features/booking/state/booking-state.ts';
import { EARLIEST_AVAILABLE_PROVIDER } from '../features/booking/state/reason-rules.ts';

type Provider = ReasonForVisit['providers'][number];

export function buildProvider(overrides: Partial<Provider> = {}): Provider {
  return {
    provider_id: 'p1',
    pms_prov_num: 1,
    profile_pic: null,
    provider_display_name: 'Dr. Ana Ruiz',
    provider_first_name: 'Ana',
    provider_last_name: 'Ruiz',
    ...overrides,
  };
}

/** A booking request's time fields: a request has none until the office gives it one. */
export const WITHOUT_TIME = {
  starts_at: null,
  ends_at: null,
  apt_date: null,
  start_time: null,
  end_time: null,
} as const;

/** A practice's form context without insurance or verification, on a fixed day. */
export const BOOKING_FORM_CONTEXT: BookingFormContext = {
  today: '2026-11-22',
  toShowInsurances: false,
  optionalInsuranceFields: [],
  toVerifyPatient: false,
};

/** The contact form's values of a valid new patient, parsed as the page parses them; `hp` the honeypot. */
export const buildBookingFormValues = (hp = '') =>
  createBookingFormSchema(BOOKING_FORM_CONTEXT).parse({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '5551234567',
    dob: '12/10/1990',
    patientStatus: 'New Patient',
    agreeTextAndEmail: true,
    hp,
  });

export function buildReason(overrides: Partial<ReasonForVisit> = {}): ReasonForVisit {
  return {
    id: '7c1a2b3c-0000-4000-8000-000000000010',
    name: 'Cleaning',
    final_duration: 45,
    amount: 0,
    for_new_patients: true,
    for_returning_patients: true,
    is_active: true,
    is_payment_enabled: false,
    to_show_providers: true,
    providers: [
      buildProvider(),
      buildProvider({
        provider_id: 'p2',
        pms_prov_num: 2,
        provider_display_name: null,
        provider_first_name: 'Ben',
        provider_last_name: 'Carter',
      }),
    ],
    ...overrides,
  };
}

/** The server's answer to a booking (POST /appointment's result): ACDEF34 on 7 January 2030 at 9:00. */
export function buildBookedAppointment(overrides: Record<string, unknown> = {}) {
  return {
    appointment_id: 'a1',
    reference: 'ACDEF34',
    status: 'booked',
    apt_date: '2030-01-07',
    start_time: '09:00:00',
    end_time: '09:45:00',
    pms_prov_num: 1,
    pms_op_num: 1,
    ...overrides,
  };
}

/** The booking store of Jane Doe on verify-dental's page 6 (the code step), 7 January 2030 at 9:00 for 45 minutes. */
export function buildVerifyStepState(reason: ReasonForVisit = buildReason({ to_show_providers: false })) {
  return {
    formUrl: 'verify-dental',
    clinicNumParam: null,
    patientFormPageNumber: 6,
    patientFormDetails: {
      ...EMPTY_PATIENT_FORM_DETAILS,
      basicDetailsData: { firstName: 'Jane', lastName: 'Doe', patientStatus: 'New Patient' as const },
      patientDOBDetails: { dob: '04/12/1988' },
      reasonForVisit: reason,
      providerDetails: EARLIEST_AVAILABLE_PROVIDER,
      bookingSlotDetails: { date: '2030-01-07', slotStart: '09:00 AM', provNum: 1, opNum: 1 },
      patientContactDetails: { email: 'jane@example.com', phone: '5125550199', message: '', agreeTextAndEmail: false },
    },
    patientVisitDuration: { startTime: '09:00:00', endTime: '09:45:00' },
  };
}
