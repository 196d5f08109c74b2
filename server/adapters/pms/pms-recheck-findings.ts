import type { BusyInterval } from '#domain/availability/slot-query.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * What a booking's re-check read from the practice's own system (ADR 0071), kept per booking
 * transaction: when the engine no longer offers the time, the booking can say "taken" (409
 * SLOT_TAKEN) for a time the office's system holds, as it does for one of our own bookings.
 */
const findings = new WeakMap<Queryable, BusyInterval[]>();

export function recordRecheckBusy(tx: Queryable, busy: readonly BusyInterval[]): void {
  findings.set(tx, [...(findings.get(tx) ?? []), ...busy]);
}

/** Whether the re-check through `tx` saw the office's system hold [start, end) for `provNum` (0: anyone). */
export function isTakenInPms(tx: Queryable, provNum: number, start: number, end: number): boolean {
  return (findings.get(tx) ?? []).some(
    (busy) =>
      Number(busy.start) < end &&
      Number(busy.end) > start &&
      (provNum === 0 || busy.provNum === provNum || busy.provNum < 0),
  );
}
