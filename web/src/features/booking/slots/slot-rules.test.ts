import { describe, expect, it } from 'vitest';
import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { endTimeFor, groupSlotsByDay, isPmsUnavailable, monthRange, nextMonth } from './slot-rules.ts';

const record = (start: string, provNum = 1, opNum = 1): AvailabilityRecord => ({
  DateTimeStart: start,
  DateTimeEnd: start,
  ProvNum: provNum,
  OpNum: opNum,
});

describe('groupSlotsByDay', () => {
  const chicago = { timeZone: 'America/Chicago', now: Date.parse('2026-03-01T00:00:00Z'), minLeadHours: 0 };

  it('groups by practice-local day, earliest first, formatted hh:mm A', () => {
    const days = groupSlotsByDay(
      [
        record('2026-03-05 13:30:00'),
        record('2026-03-04 09:00:00'),
        record('2026-03-05 08:05:00'),
        record('2026-03-04 12:00:00'),
      ],
      chicago,
    );
    expect([...days.keys()]).toEqual(['2026-03-04', '2026-03-05']);
    expect(days.get('2026-03-04')?.map((s) => s.slotStart)).toEqual(['09:00 AM', '12:00 PM']);
    expect(days.get('2026-03-05')?.map((s) => s.slotStart)).toEqual(['08:05 AM', '01:30 PM']);
    expect(days.get('2026-03-05')?.[1]).toEqual({
      date: '2026-03-05',
      startTime: '13:30:00',
      slotStart: '01:30 PM',
      provNum: 1,
      opNum: 1,
    });
  });

  it('shows a time offered by several providers once, for the lowest provider number', () => {
    const days = groupSlotsByDay([record('2026-03-04 09:00:00', 3, 3), record('2026-03-04 09:00:00', 2, 2)], chicago);
    expect(days.get('2026-03-04')).toEqual([
      { date: '2026-03-04', startTime: '09:00:00', slotStart: '09:00 AM', provNum: 2, opNum: 2 },
    ]);
  });

  it("drops today's slots inside the lead time, so the next day with slots comes first", () => {
    // 2026-03-04 10:00 in Chicago (UTC-6) is 16:00Z; with 3 hours of lead time nothing before 13:00 local is offered.
    const filter = { timeZone: 'America/Chicago', now: Date.parse('2026-03-04T16:00:00Z'), minLeadHours: 3 };
    const days = groupSlotsByDay(
      [record('2026-03-04 09:00:00'), record('2026-03-04 12:30:00'), record('2026-03-05 09:00:00')],
      filter,
    );
    expect([...days.keys()]).toEqual(['2026-03-05']);
    const justInside = groupSlotsByDay([record('2026-03-04 13:00:00')], filter);
    expect(justInside.get('2026-03-04')?.[0]?.slotStart).toBe('01:00 PM');
  });

  it('reads times in the practice zone, across a DST change', () => {
    // 2026-03-08 is the spring-forward day in Chicago; 09:00 is after the change (UTC-5).
    const filter = { timeZone: 'America/Chicago', now: Date.parse('2026-03-08T13:59:00Z'), minLeadHours: 0 };
    expect(groupSlotsByDay([record('2026-03-08 09:00:00')], filter).size).toBe(1);
    const later = { ...filter, now: Date.parse('2026-03-08T14:01:00Z') };
    expect(groupSlotsByDay([record('2026-03-08 09:00:00')], later).size).toBe(0);
  });
});

describe('month helpers and end times', () => {
  it('moves to the next month across a year', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
  });

  it('asks for the month from today on', () => {
    expect(monthRange('2026-11', '2026-11-22')).toEqual({ startDate: '2026-11-22', endDate: '2026-11-30' });
    expect(monthRange('2027-02', '2026-11-22')).toEqual({ startDate: '2027-02-01', endDate: '2027-02-28' });
  });

  it('ends a visit after its duration', () => {
    expect(endTimeFor('2026-11-23', '09:00:00', 45)).toBe('09:45:00');
    expect(endTimeFor('2026-11-23', '16:30:00', 60)).toBe('17:30:00');
  });

  it('recognises the practice system being down (spec section 8)', () => {
    expect(isPmsUnavailable({ code: 'PMS_UNAVAILABLE', message: 'x' })).toBe(true);
    expect(isPmsUnavailable({ message: "The office's practice management connector is not running." })).toBe(true);
    expect(isPmsUnavailable({ message: 'The connector is out of date (version issue).' })).toBe(true);
    expect(isPmsUnavailable({ code: 'BAD_REQUEST', message: 'start_date is required' })).toBe(false);
  });
});
