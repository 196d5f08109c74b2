import {
  BOOKED_STATUSES,
  ENDED_STATUSES,
  SLOT_HOLDING_STATUSES,
  type BookingStatus,
} from '#domain/booking/booking-lifecycle.ts';

/** `column in ('a', 'b')` for statuses from the domain's lists (constants, never user input). */
function statusIn(statuses: readonly BookingStatus[], column: string): string {
  return `${column} in (${statuses.map((status) => `'${status}'`).join(', ')})`;
}

/**
 * "This appointment holds its time", as SQL: the one predicate every repository uses for taken
 * times. Migration 0013 writes the same list into the exclusion constraints;
 * `booking-status-sql.api.test.ts` reads them back from the catalog and compares.
 */
export const holdsSlotSql = (column = 'status') => statusIn(SLOT_HOLDING_STATUSES, column);

/** A visit booked and kept: the review sweep asks these (never no-shows or cancellations). */
export const bookedSql = (column = 'status') => statusIn(BOOKED_STATUSES, column);

/** The booking is over without (or after) its visit: cancelled, expired, refunded or a no-show. */
export const endedSql = (column = 'status') => statusIn(ENDED_STATUSES, column);
