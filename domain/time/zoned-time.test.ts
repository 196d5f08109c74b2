import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from './wall-clock.ts';
import { formatInstantLocal, localDateOf, offsetAt, wallToInstant, wallToInstants } from './zoned-time.ts';

const NEW_YORK = 'America/New_York';
const iso = (ms: number) => new Date(ms).toISOString();

describe('wall time -> instants', () => {
  it.each([
    { zone: NEW_YORK, local: '2026-03-04T09:00', instants: ['2026-03-04T14:00:00.000Z'] },
    { zone: NEW_YORK, local: '2026-03-08T01:59', instants: ['2026-03-08T06:59:00.000Z'] },
    { zone: NEW_YORK, local: '2026-03-08T02:30', instants: [] }, // spring forward: does not exist
    { zone: NEW_YORK, local: '2026-03-08T03:00', instants: ['2026-03-08T07:00:00.000Z'] },
    // Fall back: 01:30 happens twice, EDT first then EST.
    { zone: NEW_YORK, local: '2026-11-01T01:30', instants: ['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z'] },
    { zone: NEW_YORK, local: '2026-11-01T02:00', instants: ['2026-11-01T07:00:00.000Z'] },
    { zone: 'Asia/Kolkata', local: '2026-03-04T09:00', instants: ['2026-03-04T03:30:00.000Z'] },
    { zone: 'America/Chicago', local: '2026-03-04T00:00', instants: ['2026-03-04T06:00:00.000Z'] },
    // Lord Howe moves its clocks by half an hour.
    { zone: 'Australia/Lord_Howe', local: '2026-10-04T02:15', instants: [] },
    { zone: 'UTC', local: '2026-03-08T02:30', instants: ['2026-03-08T02:30:00.000Z'] },
  ])('$local in $zone', ({ zone, local, instants }) => {
    expect(wallToInstants(parseLocalDateTime(local), zone).map(iso)).toEqual(instants);
  });

  it.each([
    ['2026-03-08T02:30', '2026-03-08T07:30:00.000Z'], // a skipped time moves forward by the gap: 03:30 EDT
    ['2026-11-01T01:30', '2026-11-01T05:30:00.000Z'], // a repeated time resolves to its first occurrence
    ['2026-06-01T12:00', '2026-06-01T16:00:00.000Z'],
  ])('wallToInstant resolves %s compatibly to %s', (local, instant) => {
    expect(iso(wallToInstant(parseLocalDateTime(local), NEW_YORK))).toBe(instant);
  });

  it('throws on an unknown zone', () => {
    expect(() => wallToInstant(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('instant -> wall time', () => {
  it.each([
    [NEW_YORK, '2026-03-08T06:59:59Z', '2026-03-08 01:59:59'],
    [NEW_YORK, '2026-03-08T07:00:00Z', '2026-03-08 03:00:00'],
    [NEW_YORK, '2026-11-01T05:30:00Z', '2026-11-01 01:30:00'],
    [NEW_YORK, '2026-11-01T06:30:00Z', '2026-11-01 01:30:00'],
    ['Asia/Kolkata', '2026-03-03T19:00:00Z', '2026-03-04 00:30:00'],
    ['America/Chicago', '2026-03-05T03:00:00Z', '2026-03-04 21:00:00'],
  ])('%s shows %s as %s', (zone, instant, local) => {
    expect(formatInstantLocal(new Date(instant), zone)).toBe(local);
    expect(localDateOf(Date.parse(instant), zone)).toBe(local.slice(0, 10));
  });

  it.each([
    [NEW_YORK, '2026-01-10T12:00:00Z', -5 * 60],
    [NEW_YORK, '2026-07-10T12:00:00Z', -4 * 60],
    ['Asia/Kolkata', '2026-07-10T12:00:00Z', 5 * 60 + 30],
  ])('offset of %s at %s is %i minutes', (zone, instant, minutes) => {
    expect(offsetAt(Date.parse(instant), zone)).toBe(minutes * 60_000);
  });

  // The cached fast path must agree with Intl itself at every half hour of a year, DST
  // days included, in zones with whole-hour, half-hour and 30-minute-DST rules.
  it.each([NEW_YORK, 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/London'])(
    'matches Intl all through 2026 in %s',
    (zone) => {
      const oracle = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      const expected = (t: number) => {
        const p = Object.fromEntries(oracle.formatToParts(t).map((x) => [x.type, x.value]));
        return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
      };
      const mismatches: string[] = [];
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
        const local = formatInstantLocal(t, zone);
        if (local !== expected(t)) mismatches.push(`${iso(t)}: ${local} vs ${expected(t)}`);
        const back = wallToInstants(parseLocalDateTime(local), zone);
        if (!back.includes(t)) mismatches.push(`${local} does not map back to ${iso(t)}`);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
  );
});
