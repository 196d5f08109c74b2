import { describe, expect, it } from 'vitest';
import { generateSlots } from './slot-engine.ts';
import type { SlotQuery } from './slot-query.ts';
import { busyAt, describeSlots, schedule, slotQuery, startTimes } from './slot-engine.test-data.ts';

// The default query: Dr 1 in chair 1, Wednesday 2026-03-04 in America/Chicago, 08:00-17:00
// with lunch 12:00-13:00, 60-minute slots every 60 minutes.
const ALL_DAY = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];

/** Every quarter hour from `from` to `to`, both included: quarterHours('08:00', '08:30') is 08:00, 08:15, 08:30. */
function quarterHours(from: string, to: string): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const times: string[] = [];
  for (let m = minutes(from); m <= minutes(to); m += 15)
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return times;
}

describe('generateSlots: what takes time away', () => {
  it.each<{ name: string; query: Partial<SlotQuery>; starts: string[] }>([
    { name: 'nothing: every hour but lunch', query: {}, starts: ALL_DAY },
    {
      name: 'a break: no slot crosses lunch or the end of the day',
      query: { intervalMinutes: 15 },
      starts: [...quarterHours('08:00', '11:00'), ...quarterHours('13:00', '16:00')],
    },
    {
      name: 'two breaks',
      query: {
        intervalMinutes: 30,
        durationMinutes: 30,
        schedules: [
          schedule({
            end: '12:00',
            breaks: [
              { start: '10:00', end: '10:15' },
              { start: '11:00', end: '11:30' },
            ],
          }),
        ],
      },
      starts: ['08:00', '08:30', '09:00', '09:30', '10:30', '11:30'],
    },
    {
      name: 'back-to-back appointments: a slot may end where one starts and start where one ends',
      query: { intervalMinutes: 30, busy: [busyAt('2026-03-04T09:00', 60), busyAt('2026-03-04T10:00', 60)] },
      starts: ['08:00', '11:00', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'],
    },
    {
      name: 'appointments of mixed lengths',
      query: {
        intervalMinutes: 15,
        durationMinutes: 30,
        busy: [busyAt('2026-03-04T08:15', 15), busyAt('2026-03-04T10:00', 45), busyAt('2026-03-04T14:00', 90)],
      },
      starts: [
        ...quarterHours('08:30', '09:30'),
        ...quarterHours('10:45', '11:30'),
        ...quarterHours('13:00', '13:30'),
        ...quarterHours('15:30', '16:30'),
      ],
    },
    {
      name: 'an off-grid 10-minute appointment blocks every slot it touches',
      query: {
        intervalMinutes: 15,
        durationMinutes: 30,
        schedules: [schedule({ end: '10:00' })],
        busy: [busyAt('2026-03-04T09:10', 10)],
      },
      starts: ['08:00', '08:15', '08:30', '09:30'],
    },
    {
      name: 'one minute of overlap is still a clash (09:59-10:01, and a schedule ending 16:59)',
      query: { schedules: [schedule({ end: '16:59' })], busy: [busyAt('2026-03-04T09:59', 2)] },
      starts: ['08:00', '11:00', '13:00', '14:00', '15:00'],
    },
    {
      name: 'provider time off, in practice wall time',
      query: { timeOff: [{ provNum: 1, start: '2026-03-04T10:00', end: '2026-03-04T14:30' }] },
      starts: ['08:00', '09:00', '15:00', '16:00'],
    },
    {
      name: "another provider's time off and appointments",
      query: {
        timeOff: [{ provNum: 2, start: '2026-03-04T00:00', end: '2026-03-05T00:00' }],
        busy: [busyAt('2026-03-04T09:00', 60, { provNum: 2, opNum: 2 })],
      },
      starts: ALL_DAY,
    },
    {
      name: 'lead time on today: nothing before now + 1 h (now 10:10)',
      query: { now: new Date('2026-03-04T16:10:00Z'), minLeadHours: 1, intervalMinutes: 15, durationMinutes: 30 },
      starts: ['11:15', '11:30', ...quarterHours('13:00', '16:30')],
    },
    {
      name: 'a slot starting exactly at now + lead is offered (now 10:00, lead 1 h)',
      query: { now: new Date('2026-03-04T16:00:00Z'), minLeadHours: 1 },
      starts: ['11:00', '13:00', '14:00', '15:00', '16:00'],
    },
    {
      name: 'no lead time still means nothing in the past (now 13:30)',
      query: { now: new Date('2026-03-04T19:30:00Z'), minLeadHours: 0 },
      starts: ['14:00', '15:00', '16:00'],
    },
  ])('$name', ({ query, starts }) => {
    expect(startTimes(generateSlots(slotQuery(query)))).toEqual(starts);
  });

  it('gives each slot its duration, 60 minutes when the reason has none', () => {
    for (const durationMinutes of [undefined, 0]) {
      const [first] = describeSlots(generateSlots(slotQuery({ durationMinutes, intervalMinutes: 30 })));
      expect(first).toBe('08:00-09:00 P1 O1');
    }
    expect(describeSlots(generateSlots(slotQuery({ durationMinutes: 45 })))[0]).toBe('08:00-08:45 P1 O1');
  });
});

describe('generateSlots: which days', () => {
  const dates = (query: Partial<SlotQuery>) => [
    ...new Set(generateSlots(slotQuery(query)).map((r) => r.DateTimeStart.slice(0, 10))),
  ];

  it.each<{ name: string; query: Partial<SlotQuery>; days: string[] }>([
    {
      name: 'weekdays only',
      query: { startDate: '2026-03-06', endDate: '2026-03-09' },
      days: ['2026-03-06', '2026-03-09'],
    },
    {
      name: 'a closure removes the whole day',
      query: { startDate: '2026-03-03', endDate: '2026-03-05', closures: ['2026-03-04'] },
      days: ['2026-03-03', '2026-03-05'],
    },
    {
      name: 'time off across days',
      query: {
        startDate: '2026-03-03',
        endDate: '2026-03-05',
        timeOff: [{ provNum: 1, start: '2026-03-03T00:00', end: '2026-03-05T00:00' }],
      },
      days: ['2026-03-05'],
    },
    {
      name: 'days before today are dropped',
      query: { startDate: '2026-02-25', endDate: '2026-03-03' },
      days: ['2026-03-02', '2026-03-03'],
    },
    {
      // now is in March 2026, so the calendar ends with February 2027 (2027-02-27/28 is a weekend).
      name: 'nothing after the booking horizon',
      query: { startDate: '2027-02-24', endDate: '2027-03-05' },
      days: ['2027-02-24', '2027-02-25', '2027-02-26'],
    },
  ])('$name', ({ query, days }) => {
    expect(dates(query)).toEqual(days);
  });

  it.each<{ name: string; query: Partial<SlotQuery> }>([
    { name: 'no schedules', query: { schedules: [] } },
    { name: 'a schedule on other weekdays', query: { schedules: [schedule({ weekdays: [0, 6] })] } },
    { name: 'a start date after the end date', query: { startDate: '2026-03-05', endDate: '2026-03-04' } },
    { name: 'a range wholly in the past', query: { startDate: '2026-02-02', endDate: '2026-02-27' } },
    { name: 'a range wholly beyond the horizon', query: { startDate: '2027-03-01', endDate: '2027-03-31' } },
    { name: 'a fully booked day', query: { busy: [busyAt('2026-03-04T07:00', 11 * 60)] } },
    { name: 'a slot longer than any free window', query: { durationMinutes: 5 * 60 } },
    { name: 'a day closed for all', query: { closures: ['2026-03-04'] } },
  ])('is empty for $name', ({ query }) => {
    expect(generateSlots(slotQuery(query))).toEqual([]);
  });
});
