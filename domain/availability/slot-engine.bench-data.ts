import type { BusyInterval, SlotQuery, SlotSchedule } from './slot-query.ts';
import { MS_PER_MINUTE, addDays, weekdayOf } from '../time/local-date.ts';
import { parseLocalDateTime } from '../time/wall-clock.ts';
import { wallToInstant } from '../time/zoned-time.ts';

// The bench practice (ADR 0022): 10 providers with 2 operatories each, weekdays 08:00-17:00 with
// a 12:00-13:00 lunch, 15-minute grid, 30-minute reason, 600 existing appointments, one 31-day
// query in America/Chicago that crosses the 2026-03-08 DST change. Built from a seeded PRNG, so
// every run (and the bench harness) sees exactly the same input.

const TIME_ZONE = 'America/Chicago';
const FIRST_DAY = '2026-03-01';
const DAYS = 31;
const PROVIDERS = 10;
const APPOINTMENTS = 600;
const LENGTHS = [15, 30, 45, 60, 90];

/** mulberry32: a tiny deterministic PRNG; Math.random would make runs incomparable. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildBenchSlotQuery(seed = 20260301): SlotQuery {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const schedules: SlotSchedule[] = [];
  for (let provNum = 1; provNum <= PROVIDERS; provNum++) {
    for (const opNum of [provNum * 2 - 1, provNum * 2]) {
      schedules.push({
        provNum,
        opNum,
        clinicNum: 1,
        weekdays: [1, 2, 3, 4, 5],
        start: '08:00',
        end: '17:00',
        breaks: [{ start: '12:00', end: '13:00' }],
      });
    }
  }
  const workdays = Array.from({ length: DAYS }, (_, i) => addDays(FIRST_DAY, i)).filter((d) => {
    const weekday = weekdayOf(d);
    return weekday >= 1 && weekday <= 5;
  });
  // Appointments sit on the quarter-hour grid and never overlap for a provider (the database's
  // exclusion constraint guarantees that in real data); taken quarters are tracked per provider-day.
  const taken = new Set<string>();
  const busy: BusyInterval[] = [];
  while (busy.length < APPOINTMENTS) {
    const provNum = (busy.length % PROVIDERS) + 1;
    const date = workdays[pick(workdays.length)] ?? FIRST_DAY;
    const length = LENGTHS[pick(LENGTHS.length)] ?? 30;
    const quarter = pick((9 * 60 - length) / 15 + 1);
    const quarters = Array.from({ length: length / 15 }, (_, i) => `${provNum}|${date}|${quarter + i}`);
    if (quarters.some((q) => taken.has(q))) continue;
    quarters.forEach((q) => taken.add(q));
    const minute = 8 * 60 + quarter * 15;
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const start = wallToInstant(parseLocalDateTime(`${date}T${time}`), TIME_ZONE);
    busy.push({
      provNum,
      opNum: provNum * 2 - pick(2),
      start: new Date(start),
      end: new Date(start + length * MS_PER_MINUTE),
    });
  }
  return {
    timeZone: TIME_ZONE,
    now: new Date('2026-02-28T18:00:00Z'),
    startDate: FIRST_DAY,
    endDate: addDays(FIRST_DAY, DAYS - 1),
    durationMinutes: 30,
    intervalMinutes: 15,
    minLeadHours: 2,
    schedules,
    closures: [],
    timeOff: [],
    busy,
    allowedProvNums: [],
  };
}
