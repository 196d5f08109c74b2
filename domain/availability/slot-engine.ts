import type { AvailabilityRecord } from './availability-schemas.ts';
import type { SlotQuery } from './slot-query.ts';
import { type PreparedSchedule, type SlotPlan, planSlotQuery } from './slot-query-plan.ts';
import { type Interval, collectOverlapping, freeGapsSortingInPlace, overlapMs } from './time-intervals.ts';
import { weekdayOfEpochDay } from '../time/local-date.ts';
import { type WallMs, formatWall, wallFromParts } from '../time/wall-clock.ts';
import { constantOffsetOn, formatInstantLocal, wallToInstant, wallToInstants } from '../time/zoned-time.ts';

// Module-local copies: the inner loop runs ~15 000 times for a month-long query.
const MS_PER_MINUTE = 60_000;
const MINUTES_PER_DAY = 24 * 60;

/** One day's claimed start minutes. Typed arrays, reused across days, so the loop allocates nothing. */
type Claims = { taken: Uint8Array; provNum: Float64Array; opNum: Float64Array; end: Float64Array; minutes: number[] };

type Day = {
  wall: WallMs;
  /** The day's single UTC offset, or null on a DST-change day (then each time is resolved). */
  offset: number | null;
};

/**
 * Bookable slots: one availability record per start time, in time order (so also "by start,
 * then ProvNum"), with practice-local "YYYY-MM-DD HH:mm:ss" date-times.
 *
 * Provider rule, for earliest available (no provNum): when several providers are free at one
 * start, the slot goes to the provider with the FEWEST BOOKED MINUTES (appointments and holds)
 * that local day, then the LOWEST ProvNum, then the LOWEST OpNum. This spreads new patients
 * across providers and is deterministic. With a provNum it reduces to "lowest OpNum".
 *
 * DST rule: start times step along the wall clock from the schedule start. A wall time that
 * does not exist (spring forward) is never offered. A wall time that occurs twice (fall back)
 * is offered once, at its FIRST occurrence (01:30 EDT, not 01:30 EST, on 2026-11-01 in New
 * York); if that occurrence is busy the time is not offered. A slot always lasts its real
 * duration, so on those days its end's wall time can look an hour off (01:30-01:00).
 */
export function generateSlots(query: SlotQuery): AvailabilityRecord[] {
  const plan = planSlotQuery(query);
  const records: AvailabilityRecord[] = [];
  if (plan.schedules.length === 0) return records;
  const claims: Claims = {
    taken: new Uint8Array(MINUTES_PER_DAY),
    provNum: new Float64Array(MINUTES_PER_DAY),
    opNum: new Float64Array(MINUTES_PER_DAY),
    end: new Float64Array(MINUTES_PER_DAY),
    minutes: [],
  };
  for (let epochDay = plan.firstDay; epochDay <= plan.lastDay; epochDay++) {
    if (plan.closedDays.has(epochDay)) continue;
    const weekday = weekdayOfEpochDay(epochDay);
    const working = plan.schedules.filter((s) => s.onWeekday[weekday]);
    if (working.length === 0) continue;
    const wall = wallFromParts(epochDay, 0);
    const day: Day = { wall, offset: constantOffsetOn(epochDay, plan.timeZone) };
    // Walk schedules in the rule's order; the first to offer a start time claims it.
    const booked = bookedMsByProvider(plan, working, wall);
    working.sort(
      (a, b) =>
        (booked.get(a.provNum) ?? 0) - (booked.get(b.provNum) ?? 0) || a.provNum - b.provNum || a.opNum - b.opNum,
    );
    for (const schedule of working) claimScheduleDay(plan, schedule, day, claims);

    // Only first occurrences are offered, so a minute names one instant and ascending
    // minutes are ascending instants.
    claims.minutes.sort(ascending);
    for (const minute of claims.minutes) {
      records.push({
        DateTimeStart: formatWall(wall + minute * MS_PER_MINUTE),
        DateTimeEnd: formatInstantLocal(claims.end[minute] ?? 0, plan.timeZone),
        ProvNum: claims.provNum[minute] ?? 0,
        OpNum: claims.opNum[minute] ?? 0,
      });
      claims.taken[minute] = 0;
    }
    claims.minutes.length = 0;
  }
  return records;
}

/** Minutes of appointments and holds per working provider within the local day. */
function bookedMsByProvider(plan: SlotPlan, working: PreparedSchedule[], dayWall: WallMs): Map<number, number> {
  const start = wallToInstant(dayWall, plan.timeZone);
  const end = wallToInstant(dayWall + MINUTES_PER_DAY * MS_PER_MINUTE, plan.timeZone);
  const booked = new Map<number, number>();
  for (const { provNum } of working) {
    if (!booked.has(provNum)) booked.set(provNum, overlapMs(plan.providerBusy.get(provNum), start, end));
  }
  return booked;
}

/** Walks one schedule on one day and claims every unclaimed start whose whole slot is free. */
function claimScheduleDay(plan: SlotPlan, schedule: PreparedSchedule, day: Day, claims: Claims): void {
  const { timeZone, durationMs, earliestStart, intervalMinutes } = plan;
  const { provNum, opNum, startMinute, endMinute } = schedule;
  const windowStart = wallToInstant(day.wall + startMinute * MS_PER_MINUTE, timeZone);
  const windowEnd = wallToInstant(day.wall + endMinute * MS_PER_MINUTE, timeZone);
  if (windowEnd - windowStart < durationMs || windowEnd - durationMs < earliestStart) return;

  // Breaks, time off, the provider's busy time, the operatory's busy time (whoever holds it) and blocked time.
  const blocked: Interval[] = [];
  for (const { startMinute: from, endMinute: to } of schedule.breaks) {
    blocked.push({
      start: wallToInstant(day.wall + from * MS_PER_MINUTE, timeZone),
      end: wallToInstant(day.wall + to * MS_PER_MINUTE, timeZone),
    });
  }
  collectOverlapping(plan.timeOff.get(provNum), windowStart, windowEnd, blocked);
  collectOverlapping(plan.providerBusy.get(provNum), windowStart, windowEnd, blocked);
  collectOverlapping(plan.operatoryBusy.get(opNum), windowStart, windowEnd, blocked);
  collectOverlapping(schedule.blocked, windowStart, windowEnd, blocked);
  const gaps = freeGapsSortingInPlace(windowStart, windowEnd, blocked);

  let g = 0;
  let gap = gaps[0];
  for (let minute = startMinute; minute < endMinute && gap; minute += intervalMinutes) {
    if (claims.taken[minute]) continue;
    const wall = day.wall + minute * MS_PER_MINUTE;
    const start = day.offset !== null ? wall - day.offset : wallToInstants(wall, timeZone)[0];
    if (start === undefined || start < earliestStart) continue;
    const end = start + durationMs;
    // Starts only grow, so gaps that end too early are behind us for good.
    while (gap && gap.end < end) gap = gaps[++g];
    if (!gap || gap.start > start) continue;
    claims.taken[minute] = 1;
    claims.provNum[minute] = provNum;
    claims.opNum[minute] = opNum;
    claims.end[minute] = end;
    claims.minutes.push(minute);
  }
}

function ascending(a: number, b: number): number {
  return a - b;
}
