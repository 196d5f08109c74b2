import { createBookingFormSchema, type BookingFormContext } from '#domain/booking/booking-form-schema.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';

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
      {
        provider_id: 'p1',
        pms_prov_num: 1,
        profile_pic: null,
        provider_display_name: 'Dr. Ana Ruiz',
        provider_first_name: 'Ana',
        provider_last_name: 'Ruiz',
      },
      {
        provider_id: 'p2',
        pms_prov_num: 2,
        profile_pic: null,
        provider_display_name: null,
        provider_first_name: 'Ben',
        provider_last_name: 'Carter',
      },
    ],
    ...overrides,
  };
}
