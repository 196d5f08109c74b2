// Calendar dates with no zone attached ("YYYY-MM-DD"), handled as epoch days: whole days since
// 1970-01-01. Integers make day loops, weekdays and month maths exact and cheap. `Date.UTC` is
// used only as a Gregorian calendar calculator; nothing here reads the clock.

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-03-04" -> epoch day. Throws a RangeError for a malformed or impossible date. */
export function parseLocalDate(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const epochDay = Date.UTC(year, month - 1, day) / MS_PER_DAY;
    // Date.UTC rolls 2026-02-30 over to March 2; the round trip catches it.
    if (year >= 1000 && formatLocalDate(epochDay) === date) return epochDay;
  }
  throw new RangeError(`Not a valid local date (YYYY-MM-DD): "${date}"`);
}

/** Epoch day -> "YYYY-MM-DD". */
export function formatLocalDate(epochDay: number): string {
  return new Date(epochDay * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, as in the schedules' `weekdays`. */
export function weekdayOfEpochDay(epochDay: number): number {
  // 1970-01-01 was a Thursday (4); the double modulo keeps pre-1970 days positive.
  return (((epochDay + 4) % 7) + 7) % 7;
}

export function weekdayOf(date: string): number {
  return weekdayOfEpochDay(parseLocalDate(date));
}

export function addDays(date: string, days: number): string {
  return formatLocalDate(parseLocalDate(date) + days);
}

/** Last day of the month that is `months` after the month of `date` ("2026-01-15", 1 -> "2026-02-28"). */
export function lastDayOfMonthAfter(date: string, months: number): string {
  const epochDay = parseLocalDate(date);
  const d = new Date(epochDay * MS_PER_DAY);
  // Day 0 of the following month is the last day of the target month.
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0);
  return formatLocalDate(next / MS_PER_DAY);
}

/** The later/earlier of two "YYYY-MM-DD" strings (ISO dates compare correctly as text). */
export function maxLocalDate(a: string, b: string): string {
  return a >= b ? a : b;
}

export function minLocalDate(a: string, b: string): string {
  return a <= b ? a : b;
}
