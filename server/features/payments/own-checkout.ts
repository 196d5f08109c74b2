import { isBooked } from '#domain/booking/booking-lifecycle.ts';
import type { BookingBody } from '#domain/booking/booking-schemas.ts';
import type { PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { formatInstantLocal, wallToInstants } from '#domain/time/zoned-time.ts';
import { requestHash } from '../bookings/booking-transaction.ts';
import type { SessionAppointment } from './payments-repository.ts';

/**
 * A browser that comes back from a checkout it left (browser Back) sends that session's id with
 * its next create-session. The id is the only proof that the earlier hold is this patient's own
 * (ADR 0024): names or contact details are never matched.
 */

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** As the JSON column gives it back: absent keys rather than undefined ones. */
const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null)) as unknown;

/** The instant a body's practice-local date and time name, as the booking stores it (first occurrence). */
function startOf(body: BookingBody, timeZone: string): number | null {
  if (body.apt_date === null || body.start_time === null) return null;
  try {
    return wallToInstants(parseLocalDateTime(`${body.apt_date}T${body.start_time}`), timeZone)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * True when the body asks for exactly the booking the earlier checkout was for: same reason, time,
 * provider, clinic, patient, contact, companion, message and insurance. Anything changed is a new
 * booking that replaces the earlier hold.
 */
export function isSameBooking(earlier: SessionAppointment, reasonId: string, body: BookingBody): boolean {
  const start = startOf(body, earlier.server_tz);
  return (
    earlier.reason_id === reasonId &&
    start !== null &&
    earlier.starts_at?.getTime() === start &&
    // First Available (0) took whichever provider was free: asked again, it is the same hold (ADR 0062).
    (body.pms_prov_num === 0 || earlier.pms_prov_num === body.pms_prov_num) &&
    (earlier.pms_clinic_num ?? null) === (body.pms_clinic_num ?? null) &&
    lower(earlier.first_name) === lower(body.first_name) &&
    lower(earlier.last_name) === lower(body.last_name) &&
    earlier.dob === body.dob &&
    lower(earlier.email) === lower(body.email) &&
    earlier.wireless_phone === body.wireless_phone &&
    (earlier.patient_status ?? null) === (body.patient_status ?? null) &&
    earlier.is_patient === body.is_patient &&
    lower(earlier.booker_first_name) === lower(body.booker?.first_name) &&
    lower(earlier.booker_last_name) === lower(body.booker?.last_name) &&
    (earlier.booker_dob ?? null) === (body.booker?.dob ?? null) &&
    (earlier.user_message ?? null) === (body.message ?? null) &&
    requestHash(earlier.insurance_details ?? null) === requestHash(asStored(body.insurance))
  );
}

/** True while the appointment's time is still held for its checkout. */
export function isHeld(a: Pick<SessionAppointment, 'status' | 'hold_expires_at'>, now: Date): boolean {
  return a.status === 'pending_payment' && a.hold_expires_at !== null && a.hold_expires_at.getTime() > now.getTime();
}

/** True when a checkout can still take money for it: held, or booked without payment. */
export function canTakePayment(
  a: Pick<SessionAppointment, 'status' | 'payment_status' | 'hold_expires_at'>,
  now: Date,
): boolean {
  return isHeld(a, now) || (isBooked(a.status) && a.payment_status === 'unpaid');
}

/** What the payment pages tell the patient about the appointment (the status check's `result.appointment`). */
export function describeAppointment(a: SessionAppointment, now: Date): PaymentAppointment {
  const local = a.starts_at ? formatInstantLocal(a.starts_at, a.server_tz) : null;
  const held = isHeld(a, now);
  return {
    state: held ? 'held' : isBooked(a.status) ? 'booked' : 'released',
    apt_date: local ? local.slice(0, 10) : null,
    start_time: local ? local.slice(11) : null,
    time_zone: a.server_tz,
    held_until: held ? a.hold_expires_at!.toISOString() : null,
    can_retry_payment: canTakePayment(a, now),
  };
}
