import { bookingHorizon } from './booking-horizon.ts';
import { type BlockedTime, DEFAULT_DURATION_MINUTES, type SlotQuery, type SlotSchedule } from './slot-query.ts';
import { type Interval, indexIntervals, mergeIntervals } from './time-intervals.ts';
import { MS_PER_MINUTE, maxLocalDate, minLocalDate, parseLocalDate } from '../time/local-date.ts';
import { parseLocalDateTime, parseTimeOfDay } from '../time/wall-clock.ts';
import { localDateOf, toEpochMs, wallToInstant } from '../time/zoned-time.ts';
import { earliestBookableStart } from './booking-notice.ts';

// Turns a SlotQuery into what the engine's day loop needs: validated numbers, the clipped day
// range, filtered and pre-parsed schedules, and busy time indexed per provider and operatory.
// Bad input (a malformed time, a zero interval) throws a RangeError instead of looping forever.

export type PreparedSchedule = {
  provNum: number;
  opNum: number;
  onWeekday: boolean[];
  startMinute: number;
  endMinute: number;
  breaks: { startMinute: number; endMinute: number }[];
  /** The blocked time that applies to this provider in this chair (merged, sorted instants). */
  blocked: Interval[];
};

export type SlotPlan = {
  timeZone: string;
  durationMs: number;
  intervalMinutes: number;
  earliestStart: number;
  firstDay: number;
  lastDay: number;
  schedules: PreparedSchedule[];
  closedDays: Set<number>;
  providerBusy: Map<number, Interval[]>;
  operatoryBusy: Map<number, Interval[]>;
  timeOff: Map<number, Interval[]>;
};

export function planSlotQuery(query: SlotQuery): SlotPlan {
  const { timeZone, intervalMinutes } = query;
  if (!Number.isInteger(intervalMinutes) || intervalMinutes <= 0) {
    throw new RangeError(`intervalMinutes must be a positive whole number, got ${intervalMinutes}`);
  }
  const durationMinutes = query.durationMinutes || DEFAULT_DURATION_MINUTES;
  if (!(durationMinutes > 0 && Number.isFinite(durationMinutes))) {
    throw new RangeError(`durationMinutes must be positive, got ${durationMinutes}`);
  }
  const nowMs = toEpochMs(query.now);
  parseLocalDate(query.startDate); // validate before the dates are compared as text
  parseLocalDate(query.endDate);
  const toInterval = (b: SlotQuery['busy'][number]): Interval => ({ start: toEpochMs(b.start), end: toEpochMs(b.end) });
  return {
    timeZone,
    durationMs: durationMinutes * MS_PER_MINUTE,
    intervalMinutes,
    earliestStart: earliestBookableStart(nowMs, query.minLeadHours),
    firstDay: parseLocalDate(maxLocalDate(query.startDate, localDateOf(nowMs, timeZone))),
    lastDay: parseLocalDate(minLocalDate(query.endDate, bookingHorizon(nowMs, timeZone, query.horizonMonths))),
    schedules: query.schedules.filter((s) => isWanted(s, query)).map((s) => prepareSchedule(s, query.blocked ?? [])),
    closedDays: new Set(query.closures.map(parseLocalDate)),
    providerBusy: indexIntervals(query.busy, (b) => b.provNum, toInterval),
    operatoryBusy: indexIntervals(query.busy, (b) => b.opNum, toInterval),
    timeOff: indexIntervals(
      query.timeOff,
      (t) => t.provNum,
      (t) => ({
        start: wallToInstant(parseLocalDateTime(t.start), timeZone),
        end: wallToInstant(parseLocalDateTime(t.end), timeZone),
      }),
    ),
  };
}

/** Allowed providers (empty = all), the requested provider (0 = any) and the clinic (null = any). */
function isWanted(schedule: SlotSchedule, query: SlotQuery): boolean {
  const { allowedProvNums, provNum, clinicNum } = query;
  return (
    (allowedProvNums.length === 0 || allowedProvNums.includes(schedule.provNum)) &&
    (!provNum || schedule.provNum === provNum) &&
    (clinicNum == null || schedule.clinicNum === clinicNum)
  );
}

function prepareSchedule(s: SlotSchedule, blocks: readonly BlockedTime[]): PreparedSchedule {
  return {
    provNum: s.provNum,
    opNum: s.opNum,
    onWeekday: Array.from({ length: 7 }, (_, weekday) => s.weekdays.includes(weekday)),
    startMinute: parseTimeOfDay(s.start),
    endMinute: parseTimeOfDay(s.end),
    breaks: s.breaks.map((b) => ({ startMinute: parseTimeOfDay(b.start), endMinute: parseTimeOfDay(b.end) })),
    blocked: mergeIntervals(
      blocks.filter((b) => appliesTo(b, s)).map((b) => ({ start: toEpochMs(b.start), end: toEpochMs(b.end) })),
    ),
  };
}

/** Every number the block sets names this schedule's provider, chair or clinic. */
function appliesTo(block: BlockedTime, s: SlotSchedule): boolean {
  return (
    (block.provNum === null || block.provNum === s.provNum) &&
    (block.opNum === null || block.opNum === s.opNum) &&
    (block.clinicNum === null || block.clinicNum === s.clinicNum)
  );
}
