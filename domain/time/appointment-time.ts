import { DEFAULT_LANGUAGE, INTL_LOCALE, type Language } from '../i18n/languages.ts';
import { parseLocalDateTime } from './wall-clock.ts';
import { formatDayHeading, formatTime12h, zoneAbbreviation } from './time-format.ts';
import { formatInstantLocal, wallToInstant, type Instant } from './zoned-time.ts';

/**
 * An appointment's start as messages give it, always with its zone, like the slot page's
 * 'All times are in …': "Tuesday, March 3, 2026 at 09:00 AM (EST)".
 */
export function describeAppointmentTime(
  startsAt: Instant,
  timeZone: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const zone = zoneAbbreviation(timeZone, startsAt);
  if (language === DEFAULT_LANGUAGE) {
    const local = formatInstantLocal(startsAt, timeZone);
    const [date, year, time] = [local.slice(0, 10), local.slice(0, 4), local.slice(11)];
    return `${formatDayHeading(date)}, ${year} at ${formatTime12h(time)} (${zone})`;
  }
  // Other languages: Intl in the language's locale ("martes, 3 de marzo de 2026, 9:00 a.m. (EST)"),
  // with the same zone abbreviation as the English.
  const at = new Date(startsAt);
  const locale = INTL_LOCALE[language];
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(at);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  return `${day}, ${time} (${zone})`;
}

/** The zone's short name at a local date and time of day ("2026-03-03", "09:00:00"): EST in winter, EDT in summer. */
export function zoneAbbreviationAt(date: string, time: string, timeZone: string): string {
  return zoneAbbreviation(timeZone, wallToInstant(parseLocalDateTime(`${date}T${time}`), timeZone));
}
