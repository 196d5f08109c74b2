import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from '../time/wall-clock.ts';
import { wallToInstant } from '../time/zoned-time.ts';
import { generateSlots } from './slot-engine.ts';
import type { BlockedTime } from './slot-query.ts';
import { CHICAGO, busyAt, describeSlots, schedule, slotQuery, startTimes } from './slot-engine.test-data.ts';

// Blocked time of the built-in schedule (ADR 0038): a provider, a chair, a clinic or everything.
// Dr 1 works in chair 1 (clinic 1) and Dr 2 in chair 2 (clinic 2), Wednesday 2026-03-04, Chicago.
const twoDoctors = [
  schedule({ provNum: 1, opNum: 1, clinicNum: 1, breaks: [] }),
  schedule({ provNum: 2, opNum: 2, clinicNum: 2, breaks: [] }),
];

function blockAt(
  local: string,
  minutes: number,
  who: Partial<Pick<BlockedTime, 'provNum' | 'opNum' | 'clinicNum'>> = {},
): BlockedTime {
  const start = wallToInstant(parseLocalDateTime(local), CHICAGO);
  return {
    provNum: who.provNum ?? null,
    opNum: who.opNum ?? null,
    clinicNum: who.clinicNum ?? null,
    start,
    end: start + minutes * 60_000,
  };
}

const morning = (records: ReturnType<typeof generateSlots>) => describeSlots(records).filter((s) => s < '11:00');

describe('generateSlots: blocked time', () => {
  it.each<{ name: string; blocked: BlockedTime[]; slots: string[] }>([
    {
      name: 'nothing blocked: both doctors every hour',
      blocked: [],
      slots: [
        '08:00-09:00 P1 O1',
        '08:00-09:00 P2 O2',
        '09:00-10:00 P1 O1',
        '09:00-10:00 P2 O2',
        '10:00-11:00 P1 O1',
        '10:00-11:00 P2 O2',
      ],
    },
    {
      name: 'a provider: only that doctor loses the hour',
      blocked: [blockAt('2026-03-04T09:00', 60, { provNum: 1 })],
      slots: ['08:00-09:00 P1 O1', '08:00-09:00 P2 O2', '09:00-10:00 P2 O2', '10:00-11:00 P1 O1', '10:00-11:00 P2 O2'],
    },
    {
      name: 'a chair: whoever works in it loses the time, and a slot may not run into it',
      blocked: [blockAt('2026-03-04T09:30', 30, { opNum: 2 })],
      slots: ['08:00-09:00 P1 O1', '08:00-09:00 P2 O2', '09:00-10:00 P1 O1', '10:00-11:00 P1 O1', '10:00-11:00 P2 O2'],
    },
    {
      name: 'a clinic: only its schedules',
      blocked: [blockAt('2026-03-04T08:00', 120, { clinicNum: 2 })],
      slots: ['08:00-09:00 P1 O1', '09:00-10:00 P1 O1', '10:00-11:00 P1 O1', '10:00-11:00 P2 O2'],
    },
    {
      name: 'the whole practice',
      blocked: [blockAt('2026-03-04T08:00', 120)],
      slots: ['10:00-11:00 P1 O1', '10:00-11:00 P2 O2'],
    },
  ])('$name', ({ blocked, slots }) => {
    // One record per start time: a specific provider each time, so both doctors' slots show.
    const of = (provNum: number) => generateSlots(slotQuery({ schedules: twoDoctors, blocked, provNum }));
    expect([...morning(of(1)), ...morning(of(2))].sort()).toEqual(slots);
  });

  it('is not booked time: a blocked doctor is not passed over by the earliest-available rule', () => {
    // Dr 2 has an hour booked, Dr 1 an hour blocked: Dr 1 still has the fewest booked minutes.
    const records = generateSlots(
      slotQuery({
        schedules: twoDoctors,
        busy: [busyAt('2026-03-04T15:00', 60, { provNum: 2, opNum: 2 })],
        blocked: [blockAt('2026-03-04T16:00', 60, { provNum: 1 })],
      }),
    );
    expect(describeSlots(records).find((s) => s.startsWith('08:00'))).toBe('08:00-09:00 P1 O1');
    expect(describeSlots(records).find((s) => s.startsWith('16:00'))).toBe('16:00-17:00 P2 O2');
  });

  it('takes the real instants on a DST day (a block across the spring-forward gap)', () => {
    const query = slotQuery({
      startDate: '2026-03-08',
      endDate: '2026-03-08',
      schedules: [schedule({ weekdays: [0], start: '00:00', end: '06:00', breaks: [] })],
    });
    // 01:00-04:00 CST/CDT is two real hours: the block from 01:00 local, 120 minutes, ends at 04:00 local.
    const blocked = [blockAt('2026-03-08T01:00', 120)];
    expect(startTimes(generateSlots({ ...query, blocked }))).toEqual(['00:00', '04:00', '05:00']);
  });
});
