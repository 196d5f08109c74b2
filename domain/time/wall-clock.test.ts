import { describe, expect, it } from 'vitest';
import { parseLocalDate } from './local-date.ts';
import { formatWall, parseLocalDateTime, parseTimeOfDay, wallFromParts } from './wall-clock.ts';

describe('wall-clock times', () => {
  it.each([
    ['00:00', 0],
    ['08:05', 485],
    ['17:00:00', 1020],
    ['24:00', 1440], // a schedule may run to midnight
  ])('%s is minute %i of the day', (time, minutes) => expect(parseTimeOfDay(time)).toBe(minutes));

  it.each(['8:00', '08:60', '24:01', '25:00', '08:00:30', '0800', ''])('rejects the time %j', (time) => {
    expect(() => parseTimeOfDay(time)).toThrow(RangeError);
  });

  it.each([
    ['2026-12-01T08:30', '2026-12-01 08:30:00'],
    ['2026-12-01 08:30:00', '2026-12-01 08:30:00'],
    ['2026-12-03T00:00', '2026-12-03 00:00:00'],
  ])('parses %s and formats it as %s', (input, formatted) => {
    expect(formatWall(parseLocalDateTime(input))).toBe(formatted);
  });

  it.each(['2026-12-01', '2026-12-01T8:30', '2026-02-30T08:00'])('rejects the date-time %j', (input) => {
    expect(() => parseLocalDateTime(input)).toThrow(RangeError);
  });

  it('formats wall times on different days correctly after the date-part cache', () => {
    const day = parseLocalDate('2026-03-04');
    expect(formatWall(wallFromParts(day, 23 * 60 + 59))).toBe('2026-03-04 23:59:00');
    expect(formatWall(wallFromParts(day, 24 * 60))).toBe('2026-03-05 00:00:00');
    expect(formatWall(wallFromParts(day, 0) + 1_000)).toBe('2026-03-04 00:00:01');
  });
});
