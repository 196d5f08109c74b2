import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';

interface Marked {
  status: BookingStatus;
  arrived_at: Date | null;
  no_show_at: Date | null;
}

const dayOf = (instant: Date, timeZone: string) => formatInstantLocal(instant, timeZone).slice(0, 10);

/**
 * Whether the front desk may take back its arrived or no-show mark now (ADR 0064): on the practice's day it was
 * made. A no-show took the visit off Open Dental's book, which the console cannot put back: there it is undone
 * in Open Dental.
 */
export function canUndoMark(booking: Marked, context: { now: Date; timeZone: string; isOpenDental: boolean }): boolean {
  const markedAt =
    booking.status === 'arrived' ? booking.arrived_at : booking.status === 'no_show' ? booking.no_show_at : null;
  if (!markedAt || (booking.status === 'no_show' && context.isOpenDental)) return false;
  return dayOf(markedAt, context.timeZone) === dayOf(context.now, context.timeZone);
}
