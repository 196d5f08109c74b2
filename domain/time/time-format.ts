import { INTL_LOCALE, type Language } from '../i18n/languages.ts';
import { type Instant, toEpochMs } from './zoned-time.ts';
import { parseLocalDate, weekdayOfEpochDay, MS_PER_DAY } from './local-date.ts';

// Display formats of the slot step (spec section 2 page 4, section 9). English names come from
// fixed tables rather than Intl so the spec's text is the same in every browser and ICU version;
// other languages use Intl with their INTL_LOCALE (ADR 0034: es-US keeps 12-hour times and "CST").

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const TIME_PATTERN = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/** "08:05:00" or "08:05" -> "08:05 AM"; "00:30:00" -> "12:30 AM"; "12:00:00" -> "12:00 PM" (hh:mm A). */
export function formatTime12h(time: string, language: Language = 'en'): string {
  const match = TIME_PATTERN.exec(time);
  const hours = Number(match?.[1]);
  const minutes = match?.[2] ?? '';
  if (!match || hours > 23 || Number(minutes) > 59) {
    throw new RangeError(`Not a valid time of day (HH:mm:ss): "${time}"`);
  }
  if (language !== 'en')
    return intlFormatter(language, { hour: 'numeric', minute: '2-digit' }).format(
      Date.UTC(2000, 0, 1, hours, Number(minutes)),
    );
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12).padStart(2, '0')}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "08:05 AM" (a slot's stored hh:mm A) in `language`: as it is in English, "8:05 a.m." in Spanish. */
export function localiseTime12h(slotStart: string, language: Language): string {
  if (language === 'en') return slotStart;
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slotStart);
  if (!match) return slotStart;
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return formatTime12h(`${String(hours).padStart(2, '0')}:${match[2]}`, language);
}

/**
 * "2024-03-04" -> "Monday, March 4", the selected-day heading of the slot step; in Spanish
 * "Lunes, 4 de marzo" (capitalised: it starts a heading or a line).
 */
export function formatDayHeading(date: string, language: Language = 'en'): string {
  const text = formatDayInSentence(date, language);
  return text.charAt(0).toLocaleUpperCase(INTL_LOCALE[language]) + text.slice(1);
}

/**
 * The same day inside a sentence ("Cambiar al jueves, 10 de enero"): Spanish writes weekdays and
 * months in lower case there (ADR 0062); English is as the heading.
 */
export function formatDayInSentence(date: string, language: Language = 'en'): string {
  const epochDay = parseLocalDate(date);
  const calendar = new Date(epochDay * MS_PER_DAY);
  if (language !== 'en') {
    return intlFormatter(language, { weekday: 'long', month: 'long', day: 'numeric' }).format(calendar);
  }
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
export function zoneAbbreviation(timeZone: string, at: Instant, language: Language = 'en'): string {
  const cacheKey = `${language}|${timeZone}`;
  let formatter = abbreviationFormatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[language], { timeZone, timeZoneName: 'short' });
    abbreviationFormatters.set(cacheKey, formatter);
  }
  const part = formatter.formatToParts(toEpochMs(at)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

const intlFormatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter of calendar values (dates and wall times read in UTC, never shifted by a zone). */
function intlFormatter(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const cacheKey = `${language}|${JSON.stringify(options)}`;
  let formatter = intlFormatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...options, timeZone: 'UTC' });
    intlFormatters.set(cacheKey, formatter);
  }
  return formatter;
}
