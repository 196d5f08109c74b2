import { parseLocalDateTime } from './wall-clock.ts';
import { formatDayHeading, formatTime12h, zoneAbbreviation } from './time-format.ts';
import { formatInstantLocal, wallToInstant, type Instant } from './zoned-time.ts';

/**
 * An appointment's start as messages give it, always with its zone, like the slot page's
 * 'All times are in …': "Tuesday, March 3, 2026 at 09:00 AM (EST)".
 */
export function describeAppointmentTime(startsAt: Instant, timeZone: string): string {
  const local = formatInstantLocal(startsAt, timeZone);
  return `${formatDayHeading(local.slice(0, 10))}, ${local.slice(0, 4)} at ${formatTime12h(local.slice(11))} (${zoneAbbreviation(timeZone, startsAt)})`;
}

/** The zone's short name at a local date and time of day ("2026-03-03", "09:00:00"): EST in winter, EDT in summer. */
export function zoneAbbreviationAt(date: string, time: string, timeZone: string): string {
  return zoneAbbreviation(timeZone, wallToInstant(parseLocalDateTime(`${date}T${time}`), timeZone));
}
