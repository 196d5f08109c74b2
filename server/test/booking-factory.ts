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

/** An offered slot as the slots API answers it (only what a booking body takes from it). */
interface OfferedSlot {
  ProvNum: number;
  OpNum: number;
  DateTimeStart: string;
  DateTimeEnd: string;
}

/** A booking body's fields for a new patient who agreed to messages, at an offered slot (bench, soak, processes). */
export const newPatientAtSlot = (slot: OfferedSlot) => ({
  pms_prov_num: slot.ProvNum,
  pms_op_num: slot.OpNum,
  apt_date: slot.DateTimeStart.slice(0, 10),
  start_time: slot.DateTimeStart.slice(11),
  end_time: slot.DateTimeEnd.slice(11),
  patient_status: 'New Patient' as const,
  is_patient: true,
  is_concented: true,
  has_insurance: false,
});
