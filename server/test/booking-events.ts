import { expect } from 'vitest';
import { isDeclaredEdge } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../db/database.ts';
import { findBookingEvents } from '../features/bookings/booking-events-repository.ts';

/**
 * A booking's events as `type actor` lines, oldest first, after checking that their numbers run 1, 2, 3… and that
 * each status change is a declared edge (ADR 0068).
 */
export async function eventLinesOf(db: Queryable, bookingId: string): Promise<string[]> {
  const events = await findBookingEvents(db, bookingId);
  expect(events.map((e) => e.sequence)).toEqual(events.map((_e, i) => i + 1));
  for (const { before, after } of events) {
    if (before && before.status !== after.status) expect(isDeclaredEdge(before.status, after.status)).toBe(true);
  }
  return events.map(({ type, actor }) => `${type} ${actor.kind === 'staff' ? `staff:${actor.email}` : actor.kind}`);
}
