import type { StaffBookingBodyInput } from '#domain/staff/staff-booking-schemas.ts';

/**
 * The body of `POST /api/v1/staff/appointments` for a patient who phoned (ADR 0038): Rosa Diaz, a
 * returning patient with a mobile who agreed to texts and e-mails, at provider 1 on Tuesday 3 March
 * 2026, 10:00. Override any field; `reason_id` is the test's own.
 */
export function phonedPatient(
  overrides: Partial<StaffBookingBodyInput> & Pick<StaffBookingBodyInput, 'reason_id'>,
): StaffBookingBodyInput {
  return {
    pms_prov_num: 1,
    apt_date: '2026-03-03',
    start_time: '10:00',
    first_name: 'Rosa',
    last_name: 'Diaz',
    dob: '1970-05-06',
    is_new_patient: false,
    wireless_phone: '+12125550177',
    language: 'en',
    agreed_to_contact: true,
    ...overrides,
  };
}
