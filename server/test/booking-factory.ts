import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';

/** A valid booking body for the factory practice; override any field. */
export function bookingBody(
  overrides: Partial<BookingBodyInput> & { practice_id: string; rfv_id: string },
): BookingBodyInput {
  return {
    first_name: 'Ana',
    last_name: 'Lopez',
    email: 'ana.lopez@example.com',
    wireless_phone: '+15125550123',
    dob: '1990-04-12',
    pms_op_num: 1,
    pms_prov_num: 1,
    apt_date: '2026-03-03',
    start_time: '09:00:00',
    end_time: '09:30:00',
    patient_status: 'New Patient',
    is_patient: true,
    booker_first_name: null,
    booker_last_name: null,
    booker_dob: null,
    message: 'First visit',
    referrer_id: 'ref-7',
    user_meta: {
      deviceWidth: 390,
      deviceHeight: 844,
      clientBrowser: 'Google Chrome',
      fingerprint: 'fp-123',
      timezone: 'America/New_York',
      visitDuration: 42,
    },
    source_meta: { source: 'google', gclid: 'g-1', fbclid: null },
    pms_clinic_num: null,
    is_concented: true,
    utm_details: { utm_source: 'newsletter' },
    has_insurance: false,
    ...overrides,
  };
}
