import { addDays, weekdayOf } from '#domain/time/local-date.ts';
import { formatDayHeading, formatTime12h, zoneAbbreviation } from '#domain/time/time-format.ts';
import { formatInstantLocal, localDateOf } from '#domain/time/zoned-time.ts';
import { formatDollarsIn } from '#domain/format/localized-format.ts';

export type ScheduleView = 'day' | 'week';

/** Today at the practice, whatever the tablet's own zone. */
export const todayIn = (timeZone: string, now = Date.now()) => localDateOf(now, timeZone);

/** Monday to Sunday of the week `date` is in. */
export function weekDates(date: string): string[] {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  return Array.from({ length: 7 }, (_, day) => addDays(monday, day));
}

/** The dates a view of `date` shows. */
export const viewDates = (view: ScheduleView, date: string) => (view === 'day' ? [date] : weekDates(date));

/** One step of the next and previous buttons: a day, or a week. */
export const stepDate = (view: ScheduleView, date: string, direction: 1 | -1) =>
  addDays(date, direction * (view === 'day' ? 1 : 7));

/** "Wednesday, November 25". */
export const dayHeading = (date: string) => formatDayHeading(date);

/** "Wed, Nov 25": a week column's heading. */
export const shortDay = (date: string) => formatDayHeading(date).replace(/^(\w{3})\w*, (\w{3})\w*/, '$1, $2');

/** "09:00:00" → "9:00 AM". */
export const clockTime = (time: string) => formatTime12h(time).replace(/^0/, '');

/** Minutes since midnight → "9:00 AM". */
export const minutesToClock = (minutes: number) =>
  clockTime(`${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);

/** The dates in a form a person checks: "Monday, November 23 to Sunday, November 29". */
export const rangeHeading = (dates: string[]) =>
  dates.length === 1 ? dayHeading(dates[0]!) : `${dayHeading(dates[0]!)} to ${dayHeading(dates.at(-1)!)}`;

/** An instant in the practice's zone, as a table shows it: "2026-11-25 9:05 AM". */
export function instantText(iso: string, timeZone: string): string {
  const [date = '', time = ''] = formatInstantLocal(Date.parse(iso), timeZone).split(' ');
  return `${date} ${clockTime(time)}`;
}

/** Cents → "$45.00". */
export const dollars = (cents: number) => formatDollarsIn(cents / 100, 'en-US');

/** A visit's day and, when it has one, its time: "Friday, March 6, 9:00 AM" (or `noDay` without a day). */
export function visitWhen(date: string | null, time: string | null, noDay = ''): string {
  const day = date ? dayHeading(date) : noDay;
  return time ? `${day}, ${clockTime(time)}` : day;
}

/**
 * " CST (America/Chicago)" after a booking's time when its clinic keeps a zone other than the
 * practice's (ADR 0061), so the desk never reads a Chicago time as New York's; otherwise nothing.
 */
export function otherZoneNote(when: { starts_at: string | null; time_zone: string }, practiceTimeZone: string): string {
  if (when.time_zone === practiceTimeZone || !when.starts_at) return '';
  return ` ${zoneAbbreviation(when.time_zone, Date.parse(when.starts_at))} (${when.time_zone})`;
}
