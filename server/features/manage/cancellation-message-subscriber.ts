import { BOOKING_EVENT_TYPES as E } from '#domain/booking/booking-events.ts';
import { CANCEL_REASONS, type CancelReason } from '#domain/booking/manage-schemas.ts';
import type { BookingEventSubscriber } from '../bookings/booking-event-subscriber.ts';
import { isMessageQueued } from '../bookings/booked-appointment.ts';
import { findBookingView, type BookingView } from '../bookings/booking-view.ts';
import { findPracticeById } from '../practices/practices-service.ts';
import { queueCancellationMessages } from './manage-messages.ts';

const isCancelReason = (reason: string | undefined): reason is CancelReason =>
  (CANCEL_REASONS as readonly string[]).includes(reason ?? '');

/**
 * What a cancellation's message says of money: refunded (> 0, the event's detail), kept (0: the patient cancelled a
 * paid booking and got nothing back), or nothing (null: unpaid, or staff cancelled without a refund and tell the
 * patient themselves).
 */
function refundCentsOf(row: BookingView, refund: number | undefined, isByStaff: boolean): number | null {
  if (refund) return refund;
  return !isByStaff && row.payment_status === 'paid' ? 0 : null;
}

/**
 * A cancellation's messages (ADR 0069): the patient's, with the calendar's removal, what happens to the deposit and the
 * way back, and the practice's notice when the patient cancelled (staff cancelled it themselves). A hold replaced by a
 * later checkout is not a cancellation anyone is told of (ADR 0024).
 */
export const cancellationMessageSubscriber: BookingEventSubscriber = {
  name: 'cancellation-messages',
  types: [E.cancelled],
  async act(event, { db, clock, publicUrl }) {
    const isTold = event.actor.kind === 'patient' || event.actor.kind === 'staff';
    if (event.type !== E.cancelled || !event.booking_id || !isTold) return;
    if (event.before?.status === 'pending_payment') return;
    const appointmentId = event.booking_id;
    const detail = event.detail ?? {};
    const isByStaff = event.actor.kind === 'staff';
    await db.transaction(async (tx) => {
      const row = await findBookingView(tx, appointmentId);
      const practice = row ? await findPracticeById(tx, row.practice_id) : null;
      if (!row || !practice || (await isMessageQueued(tx, `manage-cancel:${row.id}`))) return;
      await queueCancellationMessages(tx, {
        row,
        practice,
        refundCents: refundCentsOf(row, detail.refund_cents, isByStaff),
        reason: !isByStaff && isCancelReason(detail.reason) ? detail.reason : null,
        now: clock.now(),
        publicUrl,
        ...(isByStaff ? { by: 'staff' as const } : {}),
      });
    });
  },
};
