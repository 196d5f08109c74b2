import type { Queryable } from '../../db/database.ts';
import { selectBookingView, type BookingView } from './booking-view-repository.ts';

export type { BookingView } from './booking-view-repository.ts';
export type { BookingState } from './booking-lifecycle-repository.ts';
export { findBookingState } from './booking-lifecycle-repository.ts';
/** A booking's events, oldest first: its history (ADR 0069). */
export { countLaterEvents, findBookingEvents, type BookingEventRow } from './booking-events-repository.ts';

/**
 * The booking view (ADR 0073), the one read model of a booking that other features share: the
 * manage page, the console's actions, reminders, confirmations and texts read a booking through
 * these functions, never through a bookings repository.
 */
export function findBookingView(db: Queryable, appointmentId: string): Promise<BookingView | null> {
  return selectBookingView(db, appointmentId);
}
