import type { Queryable } from '../db/database.ts';
import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';

/**
 * Puts a booking in a status the test does not reach through the product (a hold that lapsed, a booking held again),
 * past the trigger that refuses undeclared edges (ADR 0068). Tests only: product code moves statuses through the
 * lifecycle.
 */
export async function forceStatusForTest(db: Queryable, appointmentId: string, status: BookingStatus): Promise<void> {
  await db.query('alter table appointments disable trigger appointments_declared_edges');
  try {
    await db.query('update appointments set status = $2 where id = $1', [appointmentId, status]);
  } finally {
    await db.query('alter table appointments enable trigger appointments_declared_edges');
  }
}
