import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { addDays, lastDayOfMonthAfter, maxLocalDate, MS_PER_MINUTE } from '#domain/time/local-date.ts';
import { formatTime12h } from '#domain/time/time-format.ts';
import { formatWall, parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { wallToInstants } from '#domain/time/zoned-time.ts';
import { earliestBookableStart } from '#domain/availability/booking-notice.ts';

/** One offered start time of a day, as the slot list shows it (spec section 3 "derived slot"). */
export interface DaySlot {
  /** Practice-local "YYYY-MM-DD". */
  date: string;
  /** Practice-local "HH:mm:ss", as sent. */
  startTime: string;
  /** "hh:mm A", as shown. */
  slotStart: string;
  provNum: number;
  opNum: number;
}

export interface SlotFilter {
  timeZone: string;
  now: number;
  /** min_hours_before_booking: slots starting sooner than this are not offered. */
  minLeadHours: number;
}

/**
 * Groups availability by practice-local day, earliest first. Starts inside the lead time (or in
 * the past) are dropped, and a time offered by several providers appears once (the first
 * provider, as the earliest-available choice books).
 */
export function groupSlotsByDay(records: readonly AvailabilityRecord[], filter: SlotFilter): Map<string, DaySlot[]> {
  const earliest = earliestBookableStart(filter.now, filter.minLeadHours);
  const sorted = [...records].sort((a, b) =>
    a.DateTimeStart < b.DateTimeStart ? -1 : a.DateTimeStart > b.DateTimeStart ? 1 : a.ProvNum - b.ProvNum,
  );
  const days = new Map<string, DaySlot[]>();
  const seen = new Set<string>();
  for (const record of sorted) {
    if (seen.has(record.DateTimeStart)) continue;
    const instant = wallToInstants(parseLocalDateTime(record.DateTimeStart), filter.timeZone)[0];
    if (instant === undefined || instant < earliest) continue;
    seen.add(record.DateTimeStart);
    const [date = '', time = ''] = record.DateTimeStart.split(' ');
    const slot: DaySlot = {
      date,
      startTime: time,
      slotStart: formatTime12h(time),
      provNum: record.ProvNum,
      opNum: record.OpNum,
    };
    const day = days.get(date);
    if (day) day.push(slot);
    else days.set(date, [slot]);
  }
  return days;
}

/** "YYYY-MM" of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The next calendar month, "YYYY-MM". */
export function nextMonth(month: string): string {
  return monthOf(addDays(lastDayOfMonthAfter(`${month}-01`, 0), 1));
}

/** The dates one slots request asks for: the month, from today on when it is the current month. */
export function monthRange(month: string, today: string): { startDate: string; endDate: string } {
  return { startDate: maxLocalDate(`${month}-01`, today), endDate: lastDayOfMonthAfter(`${month}-01`, 0) };
}

/** The end of a visit of `minutes` starting at `startTime` on `date`, "HH:mm:ss" (spec section 4). */
export function endTimeFor(date: string, startTime: string, minutes: number): string {
  const end = parseLocalDateTime(`${date} ${startTime}`) + minutes * MS_PER_MINUTE;
  return formatWall(end).slice(11);
}

/** Spec section 8: the messages that mean the practice system is down, so the patient may go on without a slot. */
export function isPmsUnavailable(error: { code?: string; message: string }): boolean {
  return (
    error.code === 'PMS_UNAVAILABLE' ||
    /practice[- ]management connector is not running|version issue/i.test(error.message)
  );
}
