import { MS_PER_DAY, MS_PER_MINUTE, parseLocalDate } from './local-date.ts';

// A "wall time" is what a clock on the practice's wall shows, with no zone: we encode it as the
// epoch milliseconds it would have if the zone were UTC. It is a number so the slot engine can do
// minute maths on it, but it is NOT an instant; zoned-time.ts turns it into one.
export type WallMs = number;

const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * "HH:mm" or "HH:mm:ss" -> minutes since local midnight. "24:00" is accepted so that a schedule
 * can run to the end of the day. Seconds must be zero: schedules are kept on whole minutes.
 */
export function parseTimeOfDay(time: string): number {
  const match = TIME_PATTERN.exec(time);
  if (match) {
    const hours = Number(match[1]);
    const minutes = Number(match[2]);
    const seconds = Number(match[3] ?? '0');
    const total = hours * 60 + minutes;
    if (minutes < 60 && seconds === 0 && total <= 24 * 60) return total;
  }
  throw new RangeError(`Not a valid time of day (HH:mm): "${time}"`);
}

/** Epoch day + minutes since midnight -> wall time. */
export function wallFromParts(epochDay: number, minutesOfDay: number): WallMs {
  return epochDay * MS_PER_DAY + minutesOfDay * MS_PER_MINUTE;
}

/** "2026-12-01T08:30" (or with a space, or with seconds) -> wall time. */
export function parseLocalDateTime(dateTime: string): WallMs {
  const match = DATE_TIME_PATTERN.exec(dateTime);
  if (!match) throw new RangeError(`Not a valid local date-time (YYYY-MM-DDTHH:mm): "${dateTime}"`);
  const minutes = parseTimeOfDay(match[2] ?? '');
  return wallFromParts(parseLocalDate(match[1] ?? ''), minutes);
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);
// Slot lists format hundreds of times on the same few days: remember the last date part.
let lastDay = NaN;
let lastDatePart = '';

/** Wall time -> "YYYY-MM-DD HH:mm:ss", the form Open Dental uses for DateTimeStart/End. */
export function formatWall(wall: WallMs): string {
  const day = Math.floor(wall / MS_PER_DAY);
  if (day !== lastDay) {
    lastDatePart = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    lastDay = day;
  }
  const seconds = Math.floor((wall - day * MS_PER_DAY) / 1000);
  const time = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map(twoDigits).join(':');
  return `${lastDatePart} ${time}`;
}

/** Epoch day of a wall time (its local calendar date). */
export function epochDayOfWall(wall: WallMs): number {
  return Math.floor(wall / MS_PER_DAY);
}
