import { BOOKING_EVENT_TYPES as E } from '#domain/booking/booking-events.ts';
import type { BookingEventSubscriber } from '../bookings/booking-event-subscriber.ts';
import { findPracticeById } from '../practices/practices-service.ts';
import { queueLostHoldNotices } from './payment-messages.ts';
import { findHeldAppointment } from './payments-repository.ts';

/**
 * A checkout that ended unpaid after its hold ran out and its time was taken (ADRs 0060, 0069): the patient and the
 * practice hear that nothing is booked. The messages' keys make a second run queue nothing more.
 */
export const holdLostSubscriber: BookingEventSubscriber = {
  name: 'hold-lost-messages',
  types: [E.holdLost],
  async act(event, { db }) {
    const appointmentId = event.booking_id;
    if (event.type !== E.holdLost || !appointmentId) return;
    await db.transaction(async (tx) => {
      const a = await findHeldAppointment(tx, appointmentId);
      const practice = a ? await findPracticeById(tx, a.practice_id) : null;
      if (a && practice) await queueLostHoldNotices(tx, practice, a);
    });
  },
};
