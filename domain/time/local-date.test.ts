import { describe, expect, it } from 'vitest';
import { addDays, formatLocalDate, lastDayOfMonthAfter, parseLocalDate, weekdayOf } from './local-date.ts';

describe('local dates', () => {
  it.each([
    ['1970-01-01', 0],
    ['2026-03-04', 20_516],
    ['1969-12-31', -1],
  ])('%s is epoch day %i and back', (date, epochDay) => {
    expect(parseLocalDate(date)).toBe(epochDay);
    expect(formatLocalDate(epochDay)).toBe(date);
  });

  it.each(['2026-02-30', '2026-13-01', '2026-3-4', '26-03-04', '2026-03-04T00:00', '', '0099-01-01'])(
    'rejects %j',
    (date) => expect(() => parseLocalDate(date)).toThrow(RangeError),
  );

  it.each([
    ['2026-03-01', 0], // Sunday
    ['2026-03-02', 1],
    ['2026-03-07', 6],
    ['2024-03-04', 1],
    ['1969-12-28', 0],
  ])('%s falls on weekday %i', (date, weekday) => expect(weekdayOf(date)).toBe(weekday));

  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'], // leap year
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %i days = %s', (date, days, expected) => expect(addDays(date, days)).toBe(expected));

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2027-03-15', 11, '2028-02-29'],
    ['2026-12-01', 11, '2027-11-30'],
    ['2026-03-04', 0, '2026-03-31'],
  ])('last day of the month %i months after %s', (date, months, expected) => {
    expect(lastDayOfMonthAfter(date, months)).toBe(expected);
  });
});
