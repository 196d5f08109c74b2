import { BOOKING_EVENT_TYPES as E } from '#domain/booking/booking-events.ts';
import { holdsSlot } from '#domain/booking/booking-lifecycle.ts';
import type {
  BookingEventSubscriber,
  BookingSnapshot,
  StoredBookingEvent,
} from '../bookings/booking-event-subscriber.ts';
import { findPracticeById } from '../practices/practices-service.ts';
import { queuePmsChange } from './pms-change-job.ts';
import { queuePmsConfirm } from './pms-confirm-job.ts';
import { queuePmsWrite } from './pms-write-job.ts';

/** Where a moved booking was: Open Dental's change job puts it back there if it finds the new time taken. */
function previousOf(before: BookingSnapshot | null) {
  if (!before?.starts_at || !before.ends_at) return null;
  return {
    startsAt: new Date(before.starts_at),
    endsAt: new Date(before.ends_at),
    provNum: before.provider,
    opNum: before.chair,
  };
}

/**
 * Follows each change into the practice's Open Dental (ADRs 0015, 0069): a new booking or a request's first time is
 * written, a move or an ended booking changed there, a confirmation sent on. The queued jobs are keyed by booking and
 * move, so acting twice on one event queues nothing twice; each is a no-op at a practice not on Open Dental.
 */
export const openDentalSubscriber: BookingEventSubscriber = {
  name: 'opendental',
  // What it writes, and every change that can leave a booking without its time (a break in Open Dental).
  types: [
    E.created,
    E.scheduled,
    E.rescheduled,
    E.confirmed,
    E.cancelled,
    E.expired,
    E.noShow,
    E.arrivalUndone,
    E.paymentRefunded,
  ],
  async act(event: StoredBookingEvent, { db }) {
    const appointmentId = event.booking_id;
    const after = event.after as BookingSnapshot | null;
    if (!appointmentId || !after) return;
    await db.transaction(async (tx) => {
      if (event.type === E.created || event.type === E.scheduled) {
        const practice = await findPracticeById(tx, event.practice_id);
        if (practice) await queuePmsWrite(tx, appointmentId, practice);
      } else if (event.type === E.rescheduled) {
        await queuePmsChange(tx, { appointmentId, kind: 'reschedule', previous: previousOf(event.before) });
      } else if (event.before && holdsSlot(event.before.status) && !holdsSlot(after.status)) {
        await queuePmsChange(tx, { appointmentId, kind: 'cancel', previous: null });
      }
      if (event.type === E.confirmed) await queuePmsConfirm(tx, { appointmentId });
    });
  },
};
