import { lastDayOfMonthAfter } from '../time/local-date.ts';
import { type Instant, localDateOf } from '../time/zoned-time.ts';

// Spec section 2 page 4 and section 9: the calendar may move forward to 11 months ahead of the
// current month, so the last bookable day is the last day of that month. "Current month" is the
// practice's month, not the visitor's or the server's.
// A practice may shorten it (`booking_horizon_months`, 1 to 11, ADR 0079); 11 is the most and the default.
export const HORIZON_MONTHS_AHEAD = 11;

/**
 * The last bookable practice-local date, "YYYY-MM-DD" (2026-03-15 -> 2027-02-28 at 11 months,
 * -> 2026-05-31 at 2).
 */
export function bookingHorizon(now: Instant, timeZone: string, monthsAhead: number = HORIZON_MONTHS_AHEAD): string {
  return lastDayOfMonthAfter(localDateOf(now, timeZone), monthsAhead);
}
