import { describe, expect, it } from 'vitest';
import { closedTimeBetween, closesOn, closuresBetween } from './closure-days.ts';
import { generateSlots } from './slot-engine.ts';
import { CHICAGO, schedule, slotQuery, startTimes } from './slot-engine.test-data.ts';

// Yearly closures (ADR 0084): the same month and day every year from the first date on.
const christmas = { date: '2026-12-25', name: 'Christmas Day', yearly: true };
const leapDay = { date: '2028-02-29', name: 'Leap day', yearly: true };

describe('closesOn', () => {
  it.each([
    [christmas, '2026-12-25', true],
    [christmas, '2027-12-25', true],
    [christmas, '2031-12-25', true],
    [christmas, '2025-12-25', false],
    [christmas, '2027-12-24', false],
    [{ ...christmas, yearly: false }, '2027-12-25', false],
    [{ ...christmas, yearly: false }, '2026-12-25', true],
    // A stored yearly 29 February (the rules refuse a new one) falls only in leap years.
    [leapDay, '2032-02-29', true],
    [leapDay, '2029-02-28', false],
    [leapDay, '2029-03-01', false],
  ])('%j on %s: %s', (closure, date, closed) => {
    expect(closesOn(closure, date)).toBe(closed);
  });
});

describe('closuresBetween', () => {
  it('gives a yearly closure once a year in the range, with that year as its date', () => {
    const part = { date: '2026-07-03', start: '12:00', end: '17:00', yearly: true };
    const once = { date: '2027-01-02', name: 'Inventory' };
    expect(
      closuresBetween([christmas, part, once], '2026-06-01', '2028-01-31')
        .map((c) => c.date)
        .sort(),
    ).toEqual(['2026-07-03', '2026-12-25', '2027-01-02', '2027-07-03', '2027-12-25']);
  });
});

describe('generateSlots with yearly closures', () => {
  const everyDay = [schedule({ weekdays: [0, 1, 2, 3, 4, 5, 6], breaks: [] })];
  const slotsOn = (date: string, closures: Parameters<typeof closedTimeBetween>[0]) => {
    const now = new Date('2026-03-02T06:00:00Z');
    const closed = closedTimeBetween(closures, CHICAGO, '2026-03-01', '2027-02-28');
    return startTimes(
      generateSlots(
        slotQuery({
          now,
          startDate: date,
          endDate: date,
          schedules: everyDay,
          closures: closed.closedDays,
          blocked: closed.closedParts.map((p) => ({ provNum: null, opNum: null, clinicNum: null, ...p })),
        }),
      ),
    );
  };

  it('closes the whole day in each year of the horizon, and not the days around it', () => {
    const newYear = { date: '2026-01-01', name: "New Year's Day", yearly: true };
    expect(slotsOn('2027-01-01', [newYear])).toEqual([]);
    expect(slotsOn('2026-12-31', [newYear])).toHaveLength(9);
    expect(slotsOn('2026-12-25', [christmas])).toEqual([]);
  });

  it('closes part of the day every year, on the practice clock', () => {
    const afternoon = { date: '2025-12-24', name: 'Christmas Eve', start: '12:00', end: '17:00', yearly: true };
    expect(slotsOn('2026-12-24', [afternoon])).toEqual(['08:00', '09:00', '10:00', '11:00']);
    // A one-off closure of last year's date closes nothing this year.
    expect(slotsOn('2026-12-24', [{ ...afternoon, yearly: false }])).toHaveLength(9);
  });
});
