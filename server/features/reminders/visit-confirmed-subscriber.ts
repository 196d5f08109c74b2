import { BOOKING_EVENT_TYPES as E } from '#domain/booking/booking-events.ts';
import type { BookingEventSubscriber } from '../bookings/booking-event-subscriber.ts';
import { queuePracticeNotice } from './visit-confirmation.ts';

/**
 * The patient said they will come (a `C` reply, the manage page's button): the practice's notice (ADRs 0038, 0069).
 * Staff confirming it themselves need none. Its key names the booking's move, so acting twice queues it once.
 */
export const visitConfirmedSubscriber: BookingEventSubscriber = {
  name: 'visit-confirmed-notice',
  types: [E.confirmed],
  async act(event, { db }) {
    const appointmentId = event.booking_id;
    if (event.type !== E.confirmed || !appointmentId || event.actor.kind !== 'patient') return;
    await db.transaction((tx) => queuePracticeNotice(tx, appointmentId));
  },
};
