import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import {
  canGiveTime,
  canMove,
  canReschedule,
  statusBeforeMark,
  type BookingStatus,
  type CancelledBy,
} from '#domain/booking/booking-lifecycle.ts';
import type { BookingActor, BookingEventDetail, BookingEventType } from '#domain/booking/booking-events.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { formatInstantLocal, wallToInstants } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../clock.ts';
import { isOverlapViolation, type Database, type Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './bookings.messages.ts';

const t = translator(messages);

import type { AvailabilityService } from '../availability/availability-service.ts';
import { findProviderName, type PracticesService } from '../practices/practices-service.ts';
import { findOfferedSlotOrRefuse, type SlotTarget } from './booking-transaction.ts';
import {
  findBookingState,
  giveRequestTime,
  lockBookingState,
  updateBookingStatus,
  updateBookingTime,
  type BookingState,
} from './booking-lifecycle-repository.ts';
import { recordBookingChange } from './booking-lifecycle-steps.ts';
import { slotTaken } from './slot-refusal.ts';
import { noticeFor } from '#domain/availability/booking-notice.ts';

/**
 * What happens to a booking after it is made (ADR 0033): status changes by the patient, the staff
 * or the system, and moves to another time. Each is one transaction on the locked row; its event
 * announces the slots it freed or took on commit (ADR 0069). The manage page, reminders and the
 * staff console call these, never update the row themselves. An ended booking's links keep
 * opening, read-only (ADR 0036).
 */
export interface BookingLifecycle {
  changeStatus(appointmentId: string, to: BookingStatus, by: ChangedBy, hooks?: ChangeHooks): Promise<BookingState>;
  /**
   * A move to another time; for a request without a time (staff), its first time, which books it.
   * A move to the time the booking already has changes nothing (ADR 0042): `isMoved` is false.
   */
  reschedule(
    appointmentId: string,
    target: RescheduleTarget,
    hooks?: ChangeHooks,
    by?: ChangedBy,
  ): Promise<RescheduleOutcome>;
  /**
   * Takes back an arrived or no-show mark (ADR 0064): the status before it, the mark's stamp cleared. A no-show
   * undone holds its time again: 409 SLOT_TAKEN when the time was booked since.
   */
  undoMark(appointmentId: string, hooks?: ChangeHooks, by?: ChangedBy): Promise<BookingState>;
}

/**
 * Who asks for a change: `actor` is what a cancellation records; the event names the staff member by `staffEmail`
 * (ADR 0069), or `as` names another actor (a payment's word, Open Dental).
 */
export interface ChangedBy {
  actor: CancelledBy;
  reason?: string | null;
  staffEmail?: string;
  as?: BookingActor;
  /** The event's name when the status alone does not say it (a checkout booked unpaid). */
  event?: BookingEventType;
}

export function actorOf(by: ChangedBy | undefined): BookingActor {
  if (by?.as) return by.as;
  if (by?.actor === 'staff') return { kind: 'staff', email: by.staffEmail ?? '' };
  return { kind: by?.actor ?? 'system' };
}

/** The event a status change writes, named by the status it reaches. */
const EVENT_OF: Partial<Record<BookingStatus, BookingEventType>> = {
  booked: 'booking.booked_unpaid',
  confirmed: 'booking.confirmed',
  arrived: 'booking.arrived',
  no_show: 'booking.no_show',
  cancelled: 'booking.cancelled',
  expired: 'booking.expired',
  refunded: 'payment.refunded',
};

export interface RescheduleOutcome {
  state: BookingState;
  /** False when the booking was at the target time already: nothing was written, counted or queued. */
  isMoved: boolean;
}

/**
 * Where a booking moves. `anyNotice`: staff may move it to any free time not yet past (the practice's minimum notice is
 * for patients).
 */
export type RescheduleTarget = Omit<SlotTarget, 'clinicNum' | 'ignore'> & { anyNotice?: boolean };

/**
 * What a caller adds to a change, in its transaction: `check` may refuse on the locked row (a
 * patient's policy, an idempotency key); `after` queues what must commit with the change
 * (messages, a refund), so the patient never hears of a change that did not happen.
 */
export interface ChangeHooks {
  /**
   * `change.isUnchanged`: a move to the booking's own time, which will change nothing (a caller's policy may let it
   * pass).
   */
  check?(tx: Queryable, current: BookingState, change?: { isUnchanged: boolean }): Promise<void> | void;
  /** What it returns joins the event's detail (a refund queued): the event is written after it (ADR 0069). */
  after?(tx: Queryable, before: BookingState, after: BookingState): Promise<BookingEventDetail | void>;
}

const NOT_FOUND = t.localized('appointmentNotFound');

interface LifecycleDeps {
  db: Database;
  clock: Clock;
  practices: PracticesService;
  availability: AvailabilityService;
}

export function createBookingLifecycle(deps: LifecycleDeps): BookingLifecycle {
  async function locked(tx: Queryable, appointmentId: string): Promise<BookingState> {
    const state = await lockBookingState(tx, appointmentId);
    if (!state) throw AppError.notFound(NOT_FOUND);
    return state;
  }

  return {
    async changeStatus(appointmentId, to, by, hooks) {
      const state = await deps.db.transaction(async (tx) => {
        const before = await locked(tx, appointmentId);
        await hooks?.check?.(tx, before);
        if (before.status === to) return before;
        if (!canMove(before.status, to)) {
          throw new AppError(409, 'CONFLICT', t.localized('cannotBecome', { status: before.status, target: to }));
        }
        const at = deps.clock.now();
        await updateBookingStatus(tx, appointmentId, {
          to,
          at,
          cancelledBy: by.actor,
          cancelReason: by.reason ?? null,
        });
        const after = (await findBookingState(tx, appointmentId))!;
        const type = by.event ?? EVENT_OF[to]!;
        const added = await hooks?.after?.(tx, before, after);
        const detail = { ...(to === 'cancelled' && by.reason ? { reason: by.reason } : {}), ...(added ?? {}) };
        await recordBookingChange(tx, { type, actor: actorOf(by), before, after, at, detail });
        return after;
      });
      return state;
    },

    async reschedule(appointmentId, target, hooks, by) {
      const before = await findBookingState(deps.db, appointmentId);
      if (!before) throw AppError.notFound(NOT_FOUND);
      const found = await deps.practices.requirePracticeAndReason(before.practice_id, before.reason_id);
      const practice = noticeFor(found.practice, target.anyNotice ? 'staff' : 'patient');
      const { reason } = found;
      const { anyNotice: _anyNotice, ...slotTarget } = target;
      const outcome = await deps.db.transaction(async (tx): Promise<RescheduleOutcome> => {
        const current = await locked(tx, appointmentId);
        // Read on the locked row: of two identical requests at once, the second finds the first's move.
        const isUnchanged = isAtTarget(current, slotTarget, timeZoneAtClinic(practice, current.pms_clinic_num));
        await hooks?.check?.(tx, current, { isUnchanged });
        if (isUnchanged) return { state: current, isMoved: false };
        if (!canGiveTime(current.status))
          throw new AppError(409, 'CONFLICT', t.localized('cannotMove', { status: current.status }));
        // Its own time counts as free: a patient may move a visit by half an hour.
        const ignore = { appointmentId, pmsAptNum: current.pms_apt_num };
        const slot = await findOfferedSlotOrRefuse(
          tx,
          { availability: deps.availability, clock: deps.clock },
          practice,
          reason,
          { ...slotTarget, clinicNum: current.pms_clinic_num, ignore },
        );
        const at = deps.clock.now();
        await writeNewTime(tx, { appointmentId, current, slot, at });
        const after = (await findBookingState(tx, appointmentId))!;
        const isScheduled = current.status === 'requested';
        const type = isScheduled ? 'booking.scheduled' : 'booking.rescheduled';
        const added = await hooks?.after?.(tx, current, after);
        const wall = wallTextIn(timeZoneAtClinic(practice, current.pms_clinic_num));
        const times = isScheduled ? { to: wall(after) } : { from: wall(current), to: wall(after) };
        // The provider's name now, not when a subscriber runs: a rename in between must not change its message.
        const providerName = await findProviderName(tx, after.practice_id, after.pms_prov_num);
        const detail = { ...times, ...(providerName ? { provider_name: providerName } : {}), ...(added ?? {}) };
        await recordBookingChange(tx, { type, actor: actorOf(by), before: current, after, at, detail });
        return { state: after, isMoved: true };
      });
      return outcome;
    },

    undoMark: (appointmentId, hooks, by) => undoMark(deps, appointmentId, hooks, by),
  };
}

async function undoMark(
  deps: LifecycleDeps,
  appointmentId: string,
  hooks?: ChangeHooks,
  by?: ChangedBy,
): Promise<BookingState> {
  const state = await deps.db.transaction(async (tx) => {
    const before = await lockBookingState(tx, appointmentId);
    if (!before) throw AppError.notFound(NOT_FOUND);
    await hooks?.check?.(tx, before);
    const to = statusBeforeMark(before);
    if (!to)
      throw new AppError(409, 'CONFLICT', t.localized('cannotBecome', { status: before.status, target: 'booked' }));
    const change = { to, at: deps.clock.now(), undoing: before.status };
    // A no-show undone takes its time back: the exclusion constraints refuse it when it was booked since.
    await updateBookingStatus(tx, appointmentId, change).catch((error: unknown) => {
      throw isOverlapViolation(error) ? slotTaken() : error;
    });
    const after = (await findBookingState(tx, appointmentId))!;
    const type = before.status === 'arrived' ? 'booking.arrival_undone' : 'booking.no_show_undone';
    const added = await hooks?.after?.(tx, before, after);
    const detail = { back_to: to, ...(added ?? {}) };
    await recordBookingChange(tx, { type, actor: actorOf(by), before, after, at: change.at, detail });
    return after;
  });
  return state;
}

/**
 * The new time on the locked row. A request without a time gets its first one and becomes booked (staff only: the
 * manage page refuses it). Open Dental follows the event (ADR 0069).
 */
async function writeNewTime(
  tx: Queryable,
  move: {
    appointmentId: string;
    current: BookingState;
    slot: { startsAt: Date; endsAt: Date; provNum: number; opNum: number };
    at: Date;
  },
): Promise<void> {
  const { appointmentId, current, slot } = move;
  const change = {
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    provNum: slot.provNum,
    opNum: slot.opNum,
    at: move.at,
  };
  const write = current.status === 'requested' ? giveRequestTime : updateBookingTime;
  await write(tx, appointmentId, change).catch((error: unknown) => {
    throw isOverlapViolation(error) ? slotTaken() : error;
  });
}

/** "2026-03-02 15:00" in the clinic's zone: how the history tells a move (ADR 0069). */
const wallTextIn = (timeZone: string) => (state: BookingState) =>
  state.starts_at ? formatInstantLocal(state.starts_at, timeZone).slice(0, 16).replace('T', ' ') : undefined;

/** The booking holds its time and already starts at the target (with the target's provider, or any). */
function isAtTarget(current: BookingState, target: Omit<RescheduleTarget, 'anyNotice'>, timeZone: string): boolean {
  if (!canReschedule(current.status) || !current.starts_at) return false;
  let startsAt: number | undefined;
  try {
    [startsAt] = wallToInstants(parseLocalDateTime(`${target.date}T${target.startTime}`), timeZone);
  } catch {
    return false;
  }
  const isSameProvider = target.provNum === 0 || target.provNum === current.pms_prov_num;
  return startsAt === current.starts_at.getTime() && isSameProvider;
}
