import { MS_PER_DAY, parseLocalDate } from '../time/local-date.ts';

/**
 * Dates, times and money in a patient's locale (ADR 0034): `Intl` with the language's locale
 * (INTL_LOCALE: en-US, es-US). Values are wall-clock texts already in the practice's zone, so they
 * are formatted as UTC, never shifted. In en-US the output is the spec's: "Monday, March 4",
 * "08:05 AM", "$1,234.50" (the tests hold it to formatDayHeading and formatTime12h). Other
 * languages write times as their locale does ("9:00 a.m.") and capitalise the day, which starts a
 * line ("Lunes, 7 de enero"), as the booking flow's slot step does.
 */
const isSpecEnglish = (locale: string) => locale === 'en-US';

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "2024-03-04" → "Monday, March 4" (en-US), "lunes, 4 de marzo" (es-US). */
export function formatDayHeadingIn(date: string, locale: string): string {
  const text = dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' }).format(
    parseLocalDate(date) * MS_PER_DAY,
  );
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::\d{2})?$/;
const TIME_12H = /^(\d{2}):(\d{2}) (AM|PM)$/;

/** "08:05:00", "08:05" or "08:05 AM" → "08:05 AM" (en-US), "8:05 a.m." (es-US); anything else is returned as it is. */
export function formatTimeOfDayIn(time: string, locale: string): string {
  const minutes = minutesOfDay(time);
  if (minutes === null) return time;
  return dateTimeFormat(locale, {
    hour: isSpecEnglish(locale) ? '2-digit' : 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(minutes * 60_000);
}

function minutesOfDay(time: string): number | null {
  const twentyFour = TIME_OF_DAY.exec(time);
  if (twentyFour) {
    const [hours, minutes] = [Number(twentyFour[1]), Number(twentyFour[2])];
    return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
  }
  const twelve = TIME_12H.exec(time);
  if (!twelve) return null;
  const [hours, minutes] = [Number(twelve[1]), Number(twelve[2])];
  if (hours < 1 || hours > 12 || minutes > 59) return null;
  return ((hours % 12) + (twelve[3] === 'PM' ? 12 : 0)) * 60 + minutes;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** Dollars: "$1,234.50" in both en-US and es-US. */
export function formatDollarsIn(amount: number, locale: string): string {
  let formatter = moneyFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    moneyFormatters.set(locale, formatter);
  }
  return formatter.format(amount);
}
