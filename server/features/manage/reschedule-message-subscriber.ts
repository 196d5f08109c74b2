import { BOOKING_EVENT_TYPES as E } from '#domain/booking/booking-events.ts';
import type { BookingEventSubscriber, BookingSnapshot } from '../bookings/booking-event-subscriber.ts';
import { isMessageQueued } from '../bookings/booked-appointment.ts';
import { countLaterEvents, findBookingView } from '../bookings/booking-view.ts';
import { findPracticeById } from '../practices/practices-service.ts';
import { queueRescheduleMessages } from './manage-messages.ts';

/**
 * A move's messages (ADR 0069): the patient's update with the calendar's change and a fresh manage link, and the
 * practice's notice when the patient moved it (staff moved it themselves). Told at the event's time and with the
 * provider's name the event recorded, so a later move or a rename does not change what this one says.
 */
export const rescheduleMessageSubscriber: BookingEventSubscriber = {
  name: 'reschedule-messages',
  types: [E.rescheduled],
  async act(event, { db, clock, publicUrl }) {
    const after = event.after as BookingSnapshot | null;
    if (event.type !== E.rescheduled || !event.booking_id || !after?.starts_at || !after.ends_at) return;
    // The patient's manage page and the front desk tell the patient; a move by the system is nobody's to announce.
    if (event.actor.kind !== 'patient' && event.actor.kind !== 'staff') return;
    const appointmentId = event.booking_id;
    await db.transaction(async (tx) => {
      const current = await findBookingView(tx, appointmentId);
      const practice = current ? await findPracticeById(tx, current.practice_id) : null;
      if (!current || !practice || event.sequence === null) return;
      // The booking as this move left it: its time, and its count of moves then (the calendar's SEQUENCE).
      const later = await countLaterEvents(tx, {
        bookingId: current.id,
        sequence: event.sequence,
        type: E.rescheduled,
      });
      const row = {
        ...current,
        // Named as at the move (older events carry no name: the provider's name now).
        provider_name: event.detail?.provider_name ?? current.provider_name,
        starts_at: new Date(after.starts_at!),
        ends_at: new Date(after.ends_at!),
        reschedule_count: current.reschedule_count - later,
      };
      if (await isMessageQueued(tx, `manage-reschedule:${row.id}:${row.reschedule_count}`)) return;
      await queueRescheduleMessages(tx, {
        row,
        practice,
        previous: { starts_at: event.before?.starts_at ? new Date(event.before.starts_at) : null },
        now: clock.now(),
        publicUrl,
        by: event.actor.kind === 'staff' ? 'staff' : 'patient',
      });
    });
  },
};
