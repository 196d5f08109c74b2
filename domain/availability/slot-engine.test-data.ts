import type { AvailabilityRecord } from './availability-schemas.ts';
import type { BusyInterval, SlotQuery, SlotSchedule } from './slot-query.ts';
import { parseLocalDateTime } from '../time/wall-clock.ts';
import { wallToInstant } from '../time/zoned-time.ts';

// Test-data factories with overrides for the slot engine tests. The default practice is in
// America/Chicago and "now" is Monday 2026-03-02 00:00 CST, so 2026-03-04 is a plain Wednesday.

export const CHICAGO = 'America/Chicago';

export function schedule(overrides: Partial<SlotSchedule> = {}): SlotSchedule {
  return {
    provNum: 1,
    opNum: 1,
    clinicNum: null,
    weekdays: [1, 2, 3, 4, 5],
    start: '08:00',
    end: '17:00',
    breaks: [{ start: '12:00', end: '13:00' }],
    ...overrides,
  };
}

export function slotQuery(overrides: Partial<SlotQuery> = {}): SlotQuery {
  return {
    timeZone: CHICAGO,
    now: new Date('2026-03-02T06:00:00Z'),
    startDate: '2026-03-04',
    endDate: '2026-03-04',
    durationMinutes: 60,
    intervalMinutes: 60,
    minLeadHours: 0,
    schedules: [schedule()],
    closures: [],
    timeOff: [],
    busy: [],
    allowedProvNums: [],
    ...overrides,
  };
}

/** A busy interval given as practice-local wall time ("2026-03-04T09:00") plus a length. */
export function busyAt(
  local: string,
  minutes: number,
  who: { provNum?: number; opNum?: number } = {},
  timeZone = CHICAGO,
): BusyInterval {
  const start = wallToInstant(parseLocalDateTime(local), timeZone);
  return {
    provNum: who.provNum ?? 1,
    opNum: who.opNum ?? 1,
    start: new Date(start),
    end: new Date(start + minutes * 60_000),
  };
}

/** "HH:mm" of every record's start, the easiest thing to read in a table. */
export function startTimes(records: readonly AvailabilityRecord[]): string[] {
  return records.map((r) => r.DateTimeStart.slice(11, 16));
}

/** "HH:mm-HH:mm P<prov> O<op>" per record, for tests about who gets a slot. */
export function describeSlots(records: readonly AvailabilityRecord[]): string[] {
  return records.map(
    (r) => `${r.DateTimeStart.slice(11, 16)}-${r.DateTimeEnd.slice(11, 16)} P${r.ProvNum} O${r.OpNum}`,
  );
}
