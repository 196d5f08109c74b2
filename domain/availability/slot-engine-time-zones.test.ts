import { describe, expect, it } from 'vitest';
import { generateSlots } from './slot-engine.ts';
import type { SlotQuery } from './slot-query.ts';
import { busyAt, describeSlots, schedule, slotQuery, startTimes } from './slot-engine.test-data.ts';
import { parseLocalDateTime } from '../time/wall-clock.ts';
import { wallToInstants } from '../time/zoned-time.ts';

const NEW_YORK = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';

/** One Sunday in New York: 2026-03-08 springs forward at 02:00, 2026-11-01 falls back at 02:00. */
function newYorkSunday(date: string, overrides: Partial<SlotQuery>): SlotQuery {
  return slotQuery({
    timeZone: NEW_YORK,
    now: new Date('2026-03-01T05:00:00Z'),
    startDate: date,
    endDate: date,
    intervalMinutes: 30,
    durationMinutes: 30,
    ...overrides,
  });
}

/** Real minutes between a record's start and end (start read at its first occurrence). */
function realMinutes(record: { DateTimeStart: string; DateTimeEnd: string }): number {
  const [start] = wallToInstants(parseLocalDateTime(record.DateTimeStart), NEW_YORK);
  const ends = wallToInstants(parseLocalDateTime(record.DateTimeEnd), NEW_YORK);
  const end = ends.find((t) => t > (start ?? 0)) ?? NaN;
  return (end - (start ?? NaN)) / 60_000;
}

describe('generateSlots across DST in America/New_York', () => {
  it.each([
    {
      name: 'spring forward: 02:00-02:59 does not exist and is never offered; slots keep 30 real minutes',
      date: '2026-03-08',
      start: '01:00',
      end: '04:00',
      durationMinutes: 30,
      slots: ['01:00-01:30 P1 O1', '01:30-03:00 P1 O1', '03:00-03:30 P1 O1', '03:30-04:00 P1 O1'],
    },
    {
      name: 'spring forward with 60-minute slots: the working window is only two real hours',
      date: '2026-03-08',
      start: '01:00',
      end: '04:00',
      durationMinutes: 60,
      slots: ['01:00-03:00 P1 O1', '01:30-03:30 P1 O1', '03:00-04:00 P1 O1'],
    },
    {
      // Fall back: 01:00-01:59 happens twice. Each time is offered once, at its FIRST
      // occurrence (EDT), so the 01:30 slot ends at 01:00 EST, 30 real minutes later.
      name: 'fall back: repeated times are offered once, at their first occurrence',
      date: '2026-11-01',
      start: '00:00',
      end: '03:00',
      durationMinutes: 30,
      slots: [
        '00:00-00:30 P1 O1',
        '00:30-01:00 P1 O1',
        '01:00-01:30 P1 O1',
        '01:30-01:00 P1 O1',
        '02:00-02:30 P1 O1',
        '02:30-03:00 P1 O1',
      ],
    },
    {
      name: 'fall back with 60-minute slots',
      date: '2026-11-01',
      start: '00:00',
      end: '03:00',
      durationMinutes: 60,
      slots: ['00:00-01:00 P1 O1', '00:30-01:30 P1 O1', '01:00-01:00 P1 O1', '01:30-01:30 P1 O1', '02:00-03:00 P1 O1'],
    },
  ])('$name', ({ date, start, end, durationMinutes, slots }) => {
    const records = generateSlots(
      newYorkSunday(date, {
        durationMinutes,
        schedules: [schedule({ weekdays: [0], start, end, breaks: [] })],
      }),
    );
    expect(describeSlots(records)).toEqual(slots);
    expect(records.map(realMinutes)).toEqual(records.map(() => durationMinutes));
  });

  it('spring forward on a 15-minute grid offers no 02:xx start', () => {
    const records = generateSlots(
      newYorkSunday('2026-03-08', {
        intervalMinutes: 15,
        durationMinutes: 15,
        schedules: [schedule({ weekdays: [0], start: '01:00', end: '04:00', breaks: [] })],
      }),
    );
    expect(startTimes(records)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30', '03:45']);
  });

  it.each([
    // 05:30Z-06:00Z is 01:30-02:00 EDT, the first 01:30: that start is gone even though the
    // second 01:30 (EST, 06:30Z) is free, because only first occurrences are ever offered.
    {
      name: 'busy at the first 01:30 removes 01:30',
      busyUtc: '2026-11-01T05:30:00Z',
      starts: ['00:00', '00:30', '01:00', '02:00', '02:30'],
    },
    {
      name: 'busy at the second 01:30 leaves 01:30',
      busyUtc: '2026-11-01T06:30:00Z',
      starts: ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30'],
    },
  ])('fall back: $name', ({ busyUtc, starts }) => {
    const start = new Date(busyUtc);
    const records = generateSlots(
      newYorkSunday('2026-11-01', {
        schedules: [schedule({ weekdays: [0], start: '00:00', end: '03:00', breaks: [] })],
        busy: [{ provNum: 1, opNum: 1, start, end: new Date(start.getTime() + 30 * 60_000) }],
      }),
    );
    expect(startTimes(records)).toEqual(starts);
  });
});

describe('generateSlots in a half-hour zone (Asia/Kolkata, UTC+05:30)', () => {
  const kolkata = (overrides: Partial<SlotQuery>) =>
    slotQuery({
      timeZone: KOLKATA,
      now: new Date('2026-03-01T00:00:00Z'),
      intervalMinutes: 30,
      durationMinutes: 30,
      schedules: [schedule({ start: '09:00', end: '12:00', breaks: [] })],
      ...overrides,
    });

  it('reads busy UTC instants and prints local wall times', () => {
    // 04:00Z-04:30Z is 09:30-10:00 IST.
    const busy = [
      { provNum: 1, opNum: 1, start: new Date('2026-03-04T04:00:00Z'), end: new Date('2026-03-04T04:30:00Z') },
    ];
    const records = generateSlots(kolkata({ busy }));
    expect(startTimes(records)).toEqual(['09:00', '10:00', '10:30', '11:00', '11:30']);
    expect(records[0]).toEqual({
      DateTimeStart: '2026-03-04 09:00:00',
      DateTimeEnd: '2026-03-04 09:30:00',
      ProvNum: 1,
      OpNum: 1,
    });
  });

  it('takes "today" and the lead time from the practice zone, not UTC', () => {
    // 2026-03-03T19:00Z is already 00:30 on Wednesday the 4th in Kolkata: Tuesday is the past.
    const records = generateSlots(
      kolkata({
        now: new Date('2026-03-03T19:00:00Z'),
        startDate: '2026-03-03',
        endDate: '2026-03-04',
        minLeadHours: 9,
      }),
    );
    expect(records.map((r) => r.DateTimeStart)).toEqual([
      '2026-03-04 09:30:00',
      '2026-03-04 10:00:00',
      '2026-03-04 10:30:00',
      '2026-03-04 11:00:00',
      '2026-03-04 11:30:00',
    ]);
  });

  it('uses the local wall clock for a busy interval given in practice time', () => {
    const records = generateSlots(kolkata({ busy: [busyAt('2026-03-04T11:00', 60, {}, KOLKATA)] }));
    expect(startTimes(records)).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });
});
