import { BOOKING_EVENT_TYPES as E } from '#domain/booking/booking-events.ts';
import type { Queryable } from '../../db/database.ts';
import type { BookingEventSubscriber, BookingSnapshot, StoredBookingEvent } from './booking-event-subscriber.ts';
import { bookedAppointmentOf, loadForMessage } from './booked-appointment.ts';
import { queueBookingMessages, queuePatientConfirmation } from './booking-messages.ts';

type Context = { now: Date; publicUrl: string };

/** A new booking (or request): the patient's confirmation and the practice's notice. */
async function confirmCreated(tx: Queryable, event: StoredBookingEvent, appointmentId: string, context: Context) {
  const sentKey = `booking-confirmation:${appointmentId}`;
  const found = await loadForMessage(tx, appointmentId, { sentKey, carriedBy: 'confirmation', ...context });
  if (!found) return;
  const isBookedByStaff = event.actor.kind === 'staff';
  const booked = bookedAppointmentOf(found.row, found.practice, { isBookedByStaff, manageUrl: found.manageUrl });
  await queueBookingMessages(tx, booked, context.now);
}

/** Staff gave a request its time: the patient learns the time from this confirmation; the practice gave it. */
async function confirmScheduled(tx: Queryable, appointmentId: string, context: Context) {
  const sentKey = `booking-confirmation:${appointmentId}:given-time`;
  const found = await loadForMessage(tx, appointmentId, { sentKey, carriedBy: 'confirmation', ...context });
  if (!found?.row.email) return;
  const { row, practice, manageUrl } = found;
  const booked = bookedAppointmentOf({ ...row, message: '' }, practice, {
    isBookedByStaff: row.is_booked_by_staff,
    manageUrl,
    ...(row.payment_status === 'paid' ? { paidCents: row.amount_cents ?? 0 } : {}),
  });
  await queuePatientConfirmation(tx, booked, context.now, { idempotencyKey: sentKey, sequence: row.reschedule_count });
}

/**
 * A booking's confirmation to the patient (with its calendar file and manage link) and the practice's notice (ADR
 * 0069), queued when its event is acted on rather than in the change's transaction: a new booking's
 * `booking.created`, and a request's first time, `booking.scheduled`. A payment hold says nothing yet: its messages
 * follow the payment (ADR 0060).
 */
export const confirmationSubscriber: BookingEventSubscriber = {
  name: 'confirmation',
  types: [E.created, E.scheduled],
  async act(event, { db, clock, publicUrl }) {
    const after = event.after as BookingSnapshot | null;
    const appointmentId = event.booking_id;
    if (!appointmentId || !after) return;
    const context = { now: clock.now(), publicUrl };
    if (event.type === E.created && after.status !== 'pending_payment')
      await db.transaction((tx) => confirmCreated(tx, event, appointmentId, context));
    else if (event.type === E.scheduled) await db.transaction((tx) => confirmScheduled(tx, appointmentId, context));
  },
};
