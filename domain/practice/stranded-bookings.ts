import { closesOn } from '../availability/closure-days.ts';
import { weekdayOf } from '../time/local-date.ts';
import type { PracticeConfig } from './practice-config-schema.ts';

/** A booking ahead, as the stranded check reads it: wall-clock times in its clinic's zone. */
export interface BookingInTime {
  id: string;
  reference: string | null;
  patient_name: string;
  pms_prov_num: number;
  pms_op_num: number;
  reason_name: string | null;
  /** "YYYY-MM-DDTHH:mm" */
  start: string;
  end: string;
}

type Practice = Pick<
  PracticeConfig,
  'pms' | 'providers' | 'operatories' | 'reasons' | 'schedules' | 'closures' | 'time_off'
>;

/**
 * The bookings that fit the practice's times before a change and not after it (ADR 0079): outside the new
 * hours or in a break, on a closed day or in a part-day closure, in the provider's time off, or with a
 * provider, chair or reason no longer offered. A booking already outside the old settings (staff may book
 * anywhere) is not the change's doing. On Open Dental, hours, providers and chairs are Open Dental's own:
 * only closures, time off and reasons are this product's to check.
 */
export function findStrandedBookings<B extends BookingInTime>(
  before: Practice,
  after: Practice,
  bookings: readonly B[],
) {
  return bookings.filter((booking) => fits(before, booking) && !fits(after, booking));
}

function fits(practice: Practice, booking: BookingInTime): boolean {
  const date = booking.start.slice(0, 10);
  const from = booking.start.slice(11);
  const to = booking.end.slice(0, 10) === date ? booking.end.slice(11) : '24:00';
  if (booking.reason_name !== null && !practice.reasons.some((r) => r.name === booking.reason_name && r.is_active))
    return false;
  const closed = practice.closures.some(
    (c) => closesOn(c, date) && (c.start === undefined || (c.start < to && from < c.end!)),
  );
  if (closed) return false;
  const off = practice.time_off.some(
    (t) => t.pms_prov_num === booking.pms_prov_num && t.start < booking.end && booking.start < t.end,
  );
  if (off) return false;
  // Whether a provider is offered online is this product's, on Open Dental too (ADR 0084).
  if (!practice.providers.some((p) => p.pms_prov_num === booking.pms_prov_num && p.is_active)) return false;
  if (practice.pms.type === 'opendental') return true;
  if (!practice.operatories.some((o) => o.pms_op_num === booking.pms_op_num)) return false;
  const weekday = weekdayOf(date);
  return practice.schedules.some(
    (s) =>
      s.pms_prov_num === booking.pms_prov_num &&
      s.pms_op_num === booking.pms_op_num &&
      s.weekdays.includes(weekday) &&
      s.start <= from &&
      to <= s.end &&
      !s.breaks.some((b) => b.start < to && from < b.end),
  );
}
