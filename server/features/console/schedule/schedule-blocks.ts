import type { ProviderTimeOff, SlotSchedule } from '#domain/availability/slot-query.ts';
import type { ScheduleBlock } from '#domain/staff/staff-appointment-schemas.ts';
import { addDays, parseLocalDate, weekdayOfEpochDay } from '#domain/time/local-date.ts';
import { parseLocalDateTime, parseTimeOfDay, wallFromParts } from '#domain/time/wall-clock.ts';
import { wallToInstant } from '#domain/time/zoned-time.ts';
import type { ScheduleBlockRow } from './schedule-blocks-repository.ts';

/** What the slot engine reads of a built-in schedule (builtin-schedule-repository.ts), without the bookings. */
export interface ScheduleFacts {
  schedules: readonly SlotSchedule[];
  closures: readonly string[];
  timeOff: readonly ProviderTimeOff[];
  /** The closures' names, the label of their shading ("Staff training"). */
  closureNames?: ReadonlyMap<string, string | null>;
  /** Time staff blocked from the console, with its id (to remove it) and label. */
  blockedTime?: readonly ScheduleBlockRow[];
}

export interface DayHours {
  date: string;
  opens: string | null;
  closes: string | null;
}

/** The practice's dates from `from` to `to`, both included. */
export function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const instantOf = (date: string, time: string, timeZone: string) =>
  new Date(wallToInstant(wallFromParts(parseLocalDate(date), parseTimeOfDay(time)), timeZone)).toISOString();

/** Schedules of the clinic asked for (a schedule without a clinic belongs to every one). */
const ofClinic = (schedules: readonly SlotSchedule[], clinicNum: number | null) =>
  clinicNum === null ? schedules : schedules.filter((s) => s.clinicNum === null || s.clinicNum === clinicNum);

/**
 * The day grid of each date: from the earliest schedule start to the latest end of the schedules
 * working that weekday; a closed day or one nobody works has no hours.
 */
export function openingHours(facts: ScheduleFacts, dates: readonly string[], clinicNum: number | null): DayHours[] {
  const closed = new Set(facts.closures);
  const schedules = ofClinic(facts.schedules, clinicNum);
  return dates.map((date) => {
    const weekday = weekdayOfEpochDay(parseLocalDate(date));
    const working = closed.has(date) ? [] : schedules.filter((s) => s.weekdays.includes(weekday));
    if (working.length === 0) return { date, opens: null, closes: null };
    return {
      date,
      opens: working.map((s) => s.start).sort()[0]!,
      closes: working
        .map((s) => s.end)
        .sort()
        .at(-1)!,
    };
  });
}

/**
 * Time nobody can book in the range, as the schedule shades it: each working schedule's breaks,
 * closed days (the whole practice), providers' time off and time staff blocked (of the clinic asked
 * for, or of every clinic). Instants, so a DST day shades right.
 */
export function scheduleBlocks(
  facts: ScheduleFacts,
  dates: readonly string[],
  timeZone: string,
  clinicNum: number | null,
): ScheduleBlock[] {
  if (dates.length === 0) return [];
  const closed = new Set(facts.closures);
  const schedules = ofClinic(facts.schedules, clinicNum);
  const blocks: ScheduleBlock[] = [];
  const block = (
    kind: ScheduleBlock['kind'],
    startsAt: string,
    endsAt: string,
    who: Partial<ScheduleBlock> = {},
  ): ScheduleBlock => ({
    id: null,
    kind,
    starts_at: startsAt,
    ends_at: endsAt,
    pms_prov_num: null,
    pms_op_num: null,
    pms_clinic_num: null,
    label: null,
    ...who,
  });
  for (const date of dates) {
    if (closed.has(date)) {
      blocks.push(
        block('closure', instantOf(date, '00:00', timeZone), instantOf(addDays(date, 1), '00:00', timeZone), {
          label: facts.closureNames?.get(date) ?? null,
        }),
      );
      continue;
    }
    const weekday = weekdayOfEpochDay(parseLocalDate(date));
    for (const s of schedules.filter((each) => each.weekdays.includes(weekday))) {
      for (const pause of s.breaks) {
        blocks.push(
          block('break', instantOf(date, pause.start, timeZone), instantOf(date, pause.end, timeZone), {
            pms_prov_num: s.provNum,
            pms_op_num: s.opNum,
            pms_clinic_num: s.clinicNum,
          }),
        );
      }
    }
  }
  const rangeStart = instantOf(dates[0]!, '00:00', timeZone);
  const rangeEnd = instantOf(addDays(dates.at(-1)!, 1), '00:00', timeZone);
  for (const off of facts.timeOff) {
    const startsAt = new Date(wallToInstant(parseLocalDateTime(off.start), timeZone)).toISOString();
    const endsAt = new Date(wallToInstant(parseLocalDateTime(off.end), timeZone)).toISOString();
    if (startsAt < rangeEnd && endsAt > rangeStart)
      blocks.push(block('time_off', startsAt, endsAt, { pms_prov_num: off.provNum }));
  }
  for (const blocked of facts.blockedTime ?? []) {
    if (clinicNum !== null && blocked.pms_clinic_num !== null && blocked.pms_clinic_num !== clinicNum) continue;
    blocks.push(
      block('blocked', new Date(blocked.starts_at).toISOString(), new Date(blocked.ends_at).toISOString(), {
        id: blocked.id,
        pms_prov_num: blocked.pms_prov_num,
        pms_op_num: blocked.pms_op_num,
        pms_clinic_num: blocked.pms_clinic_num,
        label: blocked.label,
      }),
    );
  }
  return blocks.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}
