import { MS_PER_DAY, MS_PER_HOUR, formatLocalDate } from './local-date.ts';
import { type WallMs, epochDayOfWall, formatWall } from './wall-clock.ts';

// Converts between instants (epoch ms) and wall times in an IANA zone with nothing but Intl, so
// the same code runs in the browser without a date library. Intl calls are the slow part, so we
// keep one formatter per zone and remember each local day's offset: on the ~363 days a year with
// no transition, a conversion is one Map lookup and a subtraction.

/** An instant as callers hold it. */
export type Instant = Date | number;

export function toEpochMs(instant: Instant): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

// Real offsets lie within -12:00 … +14:00, so every instant whose wall time falls on a given day
// lies within 14 hours of that day's UTC bounds.
const MAX_OFFSET_MS = 14 * MS_PER_HOUR;
// Caches are cleared when they grow past this, so a long-running server cannot leak.
const CACHE_LIMIT = 50_000;

type ZoneCache = {
  formatter: Intl.DateTimeFormat;
  /** Offset (wall - instant) of a local day, or null when the offset changes within it. */
  dayOffsets: Map<number, number | null>;
  /** Offset at a whole-second instant. */
  offsets: Map<number, number>;
};

const zoneCaches = new Map<string, ZoneCache>();

function cacheFor(timeZone: string): ZoneCache {
  let cache = zoneCaches.get(timeZone);
  if (!cache) {
    // Throws a RangeError for an unknown zone, which is what we want: fail loudly on bad config.
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    cache = { formatter, dayOffsets: new Map(), offsets: new Map() };
    zoneCaches.set(timeZone, cache);
  }
  return cache;
}

function remember<V>(map: Map<number, V>, key: number, value: V): V {
  if (map.size >= CACHE_LIMIT) map.clear();
  map.set(key, value);
  return value;
}

/** The zone's offset at an instant, straight from Intl (cached per second). */
function exactOffset(cache: ZoneCache, instant: number): number {
  const second = Math.floor(instant / 1000) * 1000;
  const known = cache.offsets.get(second);
  if (known !== undefined) return known;
  let year = 0,
    month = 0,
    day = 0,
    hour = 0,
    minute = 0,
    sec = 0;
  for (const part of cache.formatter.formatToParts(second)) {
    const value = Number(part.value);
    if (part.type === 'year') year = value;
    else if (part.type === 'month') month = value;
    else if (part.type === 'day') day = value;
    else if (part.type === 'hour')
      hour = value % 24; // some engines print midnight as 24
    else if (part.type === 'minute') minute = value;
    else if (part.type === 'second') sec = value;
  }
  return remember(cache.offsets, second, Date.UTC(year, month - 1, day, hour, minute, sec) - second);
}

/**
 * The offset shared by every instant of local day `epochDay`, or null on a transition day.
 * Assumes a zone never changes offset twice within ~52 hours (true of every real zone rule).
 */
function dayOffset(cache: ZoneCache, epochDay: number): number | null {
  const known = cache.dayOffsets.get(epochDay);
  if (known !== undefined) return known;
  const first = exactOffset(cache, epochDay * MS_PER_DAY - MAX_OFFSET_MS);
  const last = exactOffset(cache, (epochDay + 1) * MS_PER_DAY + MAX_OFFSET_MS);
  return remember(cache.dayOffsets, epochDay, first === last ? first : null);
}

/**
 * The offset shared by every instant of a local day (epoch day), or null on a day with a DST
 * change. Lets a hot loop convert a whole day's wall times with one subtraction each.
 */
export function constantOffsetOn(epochDay: number, timeZone: string): number | null {
  return dayOffset(cacheFor(timeZone), epochDay);
}

/** Offset in ms (local minus UTC) of `timeZone` at `instant`. */
export function offsetAt(instant: number, timeZone: string): number {
  const cache = cacheFor(timeZone);
  // The window checked for UTC day d covers every instant of that day.
  return dayOffset(cache, Math.floor(instant / MS_PER_DAY)) ?? exactOffset(cache, instant);
}

/**
 * Every instant at which the zone's clocks show `wall`, earliest first: one normally, none in a
 * spring-forward gap, two in a fall-back overlap.
 */
export function wallToInstants(wall: WallMs, timeZone: string): number[] {
  const cache = cacheFor(timeZone);
  const constant = dayOffset(cache, epochDayOfWall(wall));
  if (constant !== null) return [wall - constant];
  // A transition day: try the offset in force a day before and a day after.
  const instants: number[] = [];
  for (const offset of new Set([exactOffset(cache, wall - MS_PER_DAY), exactOffset(cache, wall + MS_PER_DAY)])) {
    if (exactOffset(cache, wall - offset) === offset) instants.push(wall - offset);
  }
  return instants.sort((a, b) => a - b);
}

/**
 * One instant for a wall time, resolving like Temporal's "compatible" disambiguation: a repeated
 * time gives its first occurrence, a skipped time is pushed forward by the gap (02:30 -> 03:30).
 * Used for boundaries (schedule ends, time off); offered slot starts use wallToInstants instead.
 */
export function wallToInstant(wall: WallMs, timeZone: string): number {
  const instants = wallToInstants(wall, timeZone);
  return instants[0] ?? wall - exactOffset(cacheFor(timeZone), wall - MS_PER_DAY);
}

export function instantToWall(instant: Instant, timeZone: string): WallMs {
  const ms = toEpochMs(instant);
  return ms + offsetAt(ms, timeZone);
}

/** Instant -> practice-local "YYYY-MM-DD HH:mm:ss". */
export function formatInstantLocal(instant: Instant, timeZone: string): string {
  return formatWall(instantToWall(instant, timeZone));
}

/** Instant -> the practice-local calendar date "YYYY-MM-DD". */
export function localDateOf(instant: Instant, timeZone: string): string {
  return formatLocalDate(epochDayOfWall(instantToWall(instant, timeZone)));
}
