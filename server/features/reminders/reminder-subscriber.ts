import { BOOKING_EVENT_TYPES as E, type BookingEventType } from '#domain/booking/booking-events.ts';
import type { BookingEventSubscriber } from '../bookings/booking-event-subscriber.ts';
import { scheduleReminders } from './reminder-jobs.ts';

/** The changes that give a booking a time to be reminded of (ADR 0037): its first, a new one, or the old one back. */
const PLACING: ReadonlySet<BookingEventType> = new Set([
  E.created,
  E.scheduled,
  E.rescheduled,
  E.movedBack,
  E.paymentSucceeded,
  E.bookedUnpaid,
]);

/**
 * Plans a booking's reminders from the time its change left it (ADR 0069). Planning twice queues nothing new (the
 * reminder jobs' keys name the time and the move), and the reminders of a time left behind skip themselves when due.
 */
export const reminderSubscriber: BookingEventSubscriber = {
  name: 'reminders',
  types: [...PLACING],
  async act(event, { db, clock }) {
    if (!event.booking_id || !PLACING.has(event.type)) return;
    await scheduleReminders(db, event.booking_id, clock.now());
  },
};
