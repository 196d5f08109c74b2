import type {
  BookingActor,
  BookingEventDetail,
  BookingEventType,
  PracticeEventType,
} from '#domain/booking/booking-events.ts';
import { holdsSlot, type BookingStatus, type CancelledBy } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../../db/database.ts';
import { announceSlotChangesOnCommit } from '../../db/slot-change-notices.ts';
import { enqueueSubscribers } from './booking-event-fan-out.ts';
import { insertBookingEvent, insertPracticeEvent, type BookingSnapshot } from './booking-events-repository.ts';
import {
  findBookingState,
  lockBookingState,
  moveBookingBack,
  updateBookingStatus,
  type BookingState,
} from './booking-lifecycle-repository.ts';
import type { BookingPlacement } from '../../db/booking-placement-sql.ts';

/**
 * The lifecycle's steps inside a caller's transaction (ADRs 0068, 0069): the one place besides the lifecycle service
 * where a booking's status or time is written, each with its event. Payments and the Open Dental change job call
 * these in transactions of their own; the trigger of migration 0031 refuses any undeclared status edge.
 */

export function snapshotOf(
  state: Pick<BookingState, 'status' | 'starts_at' | 'ends_at' | 'pms_prov_num' | 'pms_op_num'>,
) {
  return {
    status: state.status,
    starts_at: state.starts_at ? state.starts_at.toISOString() : null,
    ends_at: state.ends_at ? state.ends_at.toISOString() : null,
    provider: state.pms_prov_num,
    chair: state.pms_op_num,
  } satisfies BookingSnapshot;
}

/** The time a booking holds in the schedule, as a key: two equal keys offer the same slots around them. */
function heldTimeOf(state: BookingState | null): string | null {
  if (!state || !holdsSlot(state.status) || !state.starts_at) return null;
  return [state.starts_at.getTime(), state.ends_at?.getTime(), state.pms_prov_num, state.pms_op_num].join(' ');
}

/**
 * The event of a change already written on the locked row, its subscribers' jobs, and, when the change took or freed
 * a time, the slot-change notice every process hears on commit (ADR 0069): the one place that sends it.
 */
export async function recordBookingChange(
  tx: Queryable,
  change: {
    type: BookingEventType;
    actor: BookingActor;
    before: BookingState | null;
    after: BookingState;
    at: Date;
    detail?: BookingEventDetail | null;
  },
): Promise<void> {
  const { id, sequence } = await insertBookingEvent(tx, {
    bookingId: change.after.id,
    practiceId: change.after.practice_id,
    type: change.type,
    actor: change.actor,
    before: change.before ? snapshotOf(change.before) : null,
    after: snapshotOf(change.after),
    detail: change.detail ?? null,
    at: change.at,
  });
  await enqueueSubscribers(tx, { id, bookingId: change.after.id, sequence, type: change.type });
  if (heldTimeOf(change.before) !== heldTimeOf(change.after))
    await announceSlotChangesOnCommit(tx, [change.after.practice_id]);
}

/** A new booking's first event, in the transaction that inserts it: `created` is the row the insert returned. */
export async function recordBookingCreated(
  tx: Queryable,
  created: BookingState,
  actor: BookingActor,
  at: Date,
): Promise<void> {
  await recordBookingChange(tx, { type: 'booking.created', actor, before: null, after: created, at });
}

export interface StatusStep {
  to: BookingStatus;
  type: BookingEventType;
  actor: BookingActor;
  at: Date;
  /** Only from these statuses: otherwise nothing is written and the step answers null. */
  from?: readonly BookingStatus[];
  cancelledBy?: CancelledBy;
  cancelReason?: string | null;
  /** An undone mark (ADR 0064): its stamp is cleared. */
  undoing?: BookingStatus;
}

/**
 * Moves the booking's status and records the event; a step to the status it has records the event alone (money for a
 * booking booked unpaid). Null when the booking is gone or not in `step.from`.
 */
export async function moveStatusIn(
  tx: Queryable,
  appointmentId: string,
  step: StatusStep,
): Promise<{ before: BookingState; after: BookingState } | null> {
  const before = await lockBookingState(tx, appointmentId);
  if (!before || (step.from && !step.from.includes(before.status))) return null;
  if (before.status !== step.to) {
    await updateBookingStatus(tx, appointmentId, {
      to: step.to,
      at: step.at,
      cancelledBy: step.cancelledBy,
      cancelReason: step.cancelReason ?? null,
      undoing: step.undoing,
    });
  }
  const after = before.status === step.to ? before : (await findBookingState(tx, appointmentId))!;
  const detail = step.cancelReason ? { reason: step.cancelReason } : null;
  await recordBookingChange(tx, { type: step.type, actor: step.actor, before, after, at: step.at, detail });
  return { before, after };
}

/** Open Dental kept the old time: the booking goes back to it (the exclusion constraints may refuse, 23P01). */
export async function moveBackIn(tx: Queryable, appointmentId: string, back: BookingPlacement): Promise<void> {
  const before = (await lockBookingState(tx, appointmentId))!;
  await moveBookingBack(tx, appointmentId, back);
  const after = (await findBookingState(tx, appointmentId))!;
  await recordBookingChange(tx, {
    type: 'booking.moved_back',
    actor: { kind: 'opendental' },
    before,
    after,
    at: back.at,
  });
}

/**
 * A change with the practice as its subject (a staff block, closures and hours, an Open Dental change, feedback):
 * features that open or close times call this in the transaction of their change (ADR 0069).
 */
export async function recordPracticeEvent(
  tx: Queryable,
  event: { practiceId: string; type: PracticeEventType; actor: BookingActor; details?: unknown; at: Date },
): Promise<void> {
  const { id } = await insertPracticeEvent(tx, { ...event, after: event.details ?? null });
  await enqueueSubscribers(tx, { id, bookingId: null, sequence: null, type: event.type });
  // Feedback opens and closes no time; every other practice-level change does.
  if (event.type !== 'feedback.received') await announceSlotChangesOnCommit(tx, [event.practiceId]);
}

/**
 * A change that moves neither the booking's status nor its time (the refund confirmed, the booking written into Open
 * Dental): its event alone, on the locked row, before and after alike (ADR 0069). Nothing when the booking is gone.
 */
export async function recordBookingFact(
  tx: Queryable,
  appointmentId: string,
  fact: { type: BookingEventType; actor: BookingActor; at: Date; detail?: BookingEventDetail },
): Promise<void> {
  const state = await lockBookingState(tx, appointmentId);
  if (state) await recordBookingChange(tx, { ...fact, before: state, after: state });
}
