import { canMove, canReschedule, hasEnded, holdsSlot, type BookingStatus, type CancelledBy } from '#domain/booking/booking-lifecycle.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { announceSlotChanges } from '../../db/slot-change-notices.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './bookings.messages.ts';

const t = translator(messages);

import type { AvailabilityService } from '../availability/availability-service.ts';
import { revokeBookingLinks } from '../booking-links/booking-links-repository.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { findOfferedSlotOrRefuse, type SlotTarget } from './booking-transaction.ts';
import { findBookingState, lockBookingState, updateBookingStatus, updateBookingTime, type BookingState } from './booking-lifecycle-repository.ts';
import { isOverlapViolation } from './bookings-repository.ts';
import { slotTaken } from './slot-refusal.ts';

/**
 * What happens to a booking after it is made (ADR 0033): status changes by the patient, the staff
 * or the system, and moves to another time. Each is one transaction on the locked row; ending a
 * booking revokes its links in the same transaction; the slot lists are refreshed after commit.
 * The manage page, reminders and the staff console call these, never update the row themselves.
 */
export interface BookingLifecycle {
  changeStatus(appointmentId: string, to: BookingStatus, by: { actor: CancelledBy; reason?: string | null }): Promise<BookingState>;
  reschedule(appointmentId: string, target: Omit<SlotTarget, 'clinicNum'>): Promise<BookingState>;
}

const NOT_FOUND = t.localized('appointmentNotFound');

export function createBookingLifecycle(deps: { db: Database; clock: Clock; practices: PracticesService; availability: AvailabilityService }): BookingLifecycle {
  async function locked(tx: Queryable, appointmentId: string): Promise<BookingState> {
    const state = await lockBookingState(tx, appointmentId);
    if (!state) throw AppError.notFound(NOT_FOUND);
    return state;
  }

  return {
    async changeStatus(appointmentId, to, by) {
      const state = await deps.db.transaction(async (tx) => {
        const before = await locked(tx, appointmentId);
        if (before.status === to) return before;
        if (!canMove(before.status, to)) {
          throw new AppError(409, 'CONFLICT', t.localized('cannotBecome', { status: before.status, target: to }));
        }
        const at = deps.clock.now();
        await updateBookingStatus(tx, appointmentId, { to, at, cancelledBy: by.actor, cancelReason: by.reason ?? null });
        if (hasEnded(to)) await revokeBookingLinks(tx, appointmentId, at);
        // A cancellation or no-show frees the time: every other process offers it again on commit.
        if (holdsSlot(before.status) !== holdsSlot(to)) await announceSlotChanges(deps.db, tx, [before.practice_id]);
        return { ...before, status: to };
      });
      deps.availability.invalidatePractice(state.practice_id);
      return state;
    },

    async reschedule(appointmentId, target) {
      const before = await findBookingState(deps.db, appointmentId);
      if (!before) throw AppError.notFound(NOT_FOUND);
      const { practice, reason } = await deps.practices.requirePracticeAndReason(before.practice_id, before.reason_id);
      const state = await deps.db.transaction(async (tx) => {
        const current = await locked(tx, appointmentId);
        if (!canReschedule(current.status)) throw new AppError(409, 'CONFLICT', t.localized('cannotMove', { status: current.status }));
        const slot = await findOfferedSlotOrRefuse(tx, { availability: deps.availability, clock: deps.clock }, practice, reason, { ...target, clinicNum: current.pms_clinic_num });
        await updateBookingTime(tx, appointmentId, { startsAt: slot.startsAt, endsAt: slot.endsAt, provNum: slot.provNum, opNum: slot.opNum, at: deps.clock.now() }).catch((error: unknown) => {
          throw isOverlapViolation(error) ? slotTaken() : error;
        });
        await announceSlotChanges(deps.db, tx, [current.practice_id]);
        return (await findBookingState(tx, appointmentId))!;
      });
      deps.availability.invalidatePractice(state.practice_id);
      return state;
    },
  };
}
