import type { BookingEventType } from '#domain/booking/booking-events.ts';
import type { Queryable } from '../../db/database.ts';
import { moveStatusIn } from '../bookings/booking-lifecycle-steps.ts';
import { markHoldUnpaid } from './payments-repository.ts';

/**
 * Lets go of a hold whose checkout ended without money, through the lifecycle (ADR 0068): expired when its time ran out
 * or its checkout could not open, cancelled when the patient replaced it by a later one (ADR 0024). False when it was
 * no longer held (paid, expired or replaced already).
 */
async function letGo(
  tx: Queryable,
  id: string,
  at: Date,
  how: { to: 'expired' | 'cancelled'; type: BookingEventType; isReleased: boolean },
): Promise<boolean> {
  const actor = how.to === 'cancelled' ? ({ kind: 'patient' } as const) : ({ kind: 'system' } as const);
  const moved = await moveStatusIn(tx, id, { to: how.to, type: how.type, actor, at, from: ['pending_payment'] });
  if (moved) await markHoldUnpaid(tx, id, { isReleased: how.isReleased });
  return moved !== null;
}

export const expireHold = (tx: Queryable, id: string, at: Date, how: { isReleased: boolean }) =>
  letGo(tx, id, at, { to: 'expired', type: 'booking.expired', ...how });

export const cancelReplacedHold = (tx: Queryable, id: string, at: Date) =>
  letGo(tx, id, at, { to: 'cancelled', type: 'booking.cancelled', isReleased: true });
