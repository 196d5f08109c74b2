import { BOOKING_EVENT_TYPES as E } from '#domain/booking/booking-events.ts';
import type { BookingEventSubscriber, BookingSnapshot } from '../bookings/booking-event-subscriber.ts';
import { isMessageQueued } from '../bookings/booked-appointment.ts';
import { findPracticeById } from '../practices/practices-service.ts';
import { queueCheckoutBookingMessages, queueRefundNotices } from './payment-messages.ts';
import { findHeldAppointment } from './payments-repository.ts';

/** The message whose key tells that this event's messages were queued by an earlier run. */
function sentKeyOf(type: string, before: BookingSnapshot | null, appointmentId: string): string | null {
  if (type === E.paymentSucceeded)
    return before?.status === 'booked' ? `booking-paid:${appointmentId}` : `booking-confirmation:${appointmentId}`;
  if (type === E.bookedUnpaid) return `booking-confirmation:${appointmentId}`;
  return null;
}

/**
 * A checkout's messages (ADRs 0014, 0060, 0069), from its events: money that booked it (the confirmation with the
 * amount paid and the practice's notice, and one more confirmation when it had been booked unpaid first), a checkout
 * that ended unpaid (the confirmation with the fee and how to pay, and the practice's reminder to collect), and
 * money refunded because its booking was replaced or its time taken (both sides told).
 */
export const paymentMessageSubscriber: BookingEventSubscriber = {
  name: 'payment-messages',
  types: [E.paymentSucceeded, E.bookedUnpaid, E.paymentRefunded],
  async act(event, { db, clock, publicUrl }) {
    const appointmentId = event.booking_id;
    const after = event.after as BookingSnapshot | null;
    if (!appointmentId || !after || event.actor.kind !== 'payment') return;
    // The refund of money that booked nothing moves the status; the provider's later word on it does not.
    const isLateRefund = event.type === E.paymentRefunded && event.before?.status !== after.status;
    const sentKey = sentKeyOf(event.type, event.before, appointmentId);
    if (!sentKey && !isLateRefund) return;
    await db.transaction(async (tx) => {
      const a = await findHeldAppointment(tx, appointmentId);
      const practice = a ? await findPracticeById(tx, a.practice_id) : null;
      if (!a || !practice) return;
      if (isLateRefund) {
        await queueRefundNotices(tx, practice, a, event.before?.status === 'cancelled' ? 'replaced' : 'slot-lost');
        return;
      }
      if (await isMessageQueued(tx, sentKey!)) return;
      await queueCheckoutBookingMessages(tx, practice, a, {
        isPaid: event.type === E.paymentSucceeded,
        now: clock.now(),
        publicUrl,
        wasBookedUnpaid: event.before?.status === 'booked',
      });
    });
  },
};
