import type { Queryable } from '../../db/database.ts';
import { moveStatusIn } from '../bookings/booking-lifecycle-steps.ts';
import { markHoldUnpaid } from './payments-repository.ts';

/**
 * A hold whose checkout ended without money: expired when its time ran out or its checkout could not open, cancelled
 * when the patient replaced it by a later one (ADR 0024). Through the lifecycle (ADR 0068); false when it was no
 * longer held (paid, expired or replaced already).
 */
export async function expireHold(tx: Queryable, id: string, at: Date, how: { isReleased: boolean }): Promise<boolean> {
  const moved = await moveStatusIn(tx, id, {
    to: 'expired',
    type: 'booking.expired',
    actor: { kind: 'system' },
    at,
    from: ['pending_payment'],
  });
  if (moved) await markHoldUnpaid(tx, id, how);
  return moved !== null;
}

export async function cancelReplacedHold(tx: Queryable, id: string, at: Date): Promise<boolean> {
  const moved = await moveStatusIn(tx, id, {
    to: 'cancelled',
    type: 'booking.cancelled',
    actor: { kind: 'patient' },
    at,
    from: ['pending_payment'],
  });
  if (moved) await markHoldUnpaid(tx, id, { isReleased: true });
  return moved !== null;
}
