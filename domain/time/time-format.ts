import { type Instant, toEpochMs } from './zoned-time.ts';
import { parseLocalDate, weekdayOfEpochDay, MS_PER_DAY } from './local-date.ts';

// Display formats of the slot step (spec section 2 page 4, section 9). Names come from fixed
// English tables rather than Intl so the text is the same in every browser and ICU version.

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

const TIME_PATTERN = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/** "08:05:00" or "08:05" -> "08:05 AM"; "00:30:00" -> "12:30 AM"; "12:00:00" -> "12:00 PM" (hh:mm A). */
export function formatTime12h(time: string): string {
  const match = TIME_PATTERN.exec(time);
  const hours = Number(match?.[1]);
  const minutes = match?.[2] ?? '';
  if (!match || hours > 23 || Number(minutes) > 59) {
    throw new RangeError(`Not a valid time of day (HH:mm:ss): "${time}"`);
  }
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12).padStart(2, '0')}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "2024-03-04" -> "Monday, March 4", the selected-day heading of the slot step. */
export function formatDayHeading(date: string): string {
  const epochDay = parseLocalDate(date);
  const calendar = new Date(epochDay * MS_PER_DAY);
  const weekday = WEEKDAY_NAMES[weekdayOfEpochDay(epochDay)] ?? '';
  const month = MONTH_NAMES[calendar.getUTCMonth()] ?? '';
  return `${weekday}, ${month} ${calendar.getUTCDate()}`;
}

const abbreviationFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Short zone name at an instant, for "All times are in {abbr}": "CST" or "CDT" for
 * America/Chicago depending on the date. Zones without an English abbreviation get a
 * "GMT+5:30"-style name from Intl (Asia/Kolkata), which is still unambiguous.
 */
export function zoneAbbreviation(timeZone: string, at: Instant): string {
  let formatter = abbreviationFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    abbreviationFormatters.set(timeZone, formatter);
  }
  const part = formatter.formatToParts(toEpochMs(at)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
