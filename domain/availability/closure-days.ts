import { isRealLocalDate } from '../time/calendar-fields.ts';
import { addDays } from '../time/local-date.ts';
import { parseLocalDateTime } from '../time/wall-clock.ts';
import { wallToInstant } from '../time/zoned-time.ts';

/** A closure as the practice file and the closures table give it (ADR 0079, ADR 0084). */
export interface ClosureRule {
  /** "YYYY-MM-DD": the day, or for a yearly closure the first year's. */
  date: string;
  /** "HH:mm" both or neither: a part-day closure. */
  start?: string | null;
  end?: string | null;
  /** Repeats on the same month and day every year from `date` on. */
  yearly?: boolean | null;
}

/**
 * The day a closure falls on in a year: its own date, or for a yearly closure its anniversary from its first
 * year on. The rules refuse a yearly 29 February (ADR 0084); one stored anyway falls only in leap years.
 */
function dayInYear(closure: ClosureRule, year: number): string | null {
  const first = Number(closure.date.slice(0, 4));
  if (!closure.yearly) return year === first ? closure.date : null;
  if (year < first) return null;
  const date = `${String(year).padStart(4, '0')}${closure.date.slice(4)}`;
  return isRealLocalDate(date) ? date : null;
}

/** Whether the closure falls on this date. */
export function closesOn(closure: ClosureRule, date: string): boolean {
  return dayInYear(closure, Number(date.slice(0, 4))) === date;
}

/** Each closure on each of its days from `from` to `to` (inclusive), with that day as its date. */
export function closuresBetween<C extends ClosureRule>(closures: readonly C[], from: string, to: string): C[] {
  const days: C[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const closure of closures) {
      const date = dayInYear(closure, year);
      if (date !== null && from <= date && date <= to) days.push({ ...closure, date });
    }
  }
  return days;
}

/**
 * What the slot engine reads of the closures between two dates: the whole days closed, and each part-day
 * closure as epoch milliseconds in the practice's zone ("24:00" is the next midnight).
 */
export function closedTimeBetween(closures: readonly ClosureRule[], timeZone: string, from: string, to: string) {
  const days = closuresBetween(closures, from, to);
  const at = (date: string, time: string) =>
    wallToInstant(parseLocalDateTime(time === '24:00' ? `${addDays(date, 1)}T00:00` : `${date}T${time}`), timeZone);
  return {
    closedDays: days.filter((c) => !c.start).map((c) => c.date),
    closedParts: days
      .filter((c) => c.start && c.end)
      .map((c) => ({ start: at(c.date, c.start!), end: at(c.date, c.end!) })),
  };
}
