import { describe, expect, it } from 'vitest';
import { datesOf, openingHours, scheduleBlocks, type ScheduleFacts } from './schedule-blocks.ts';

// The schedule's shading, read from the same rows as the slot engine: breaks per working day,
// closed days, time off; instants in the practice's zone, right across a DST change.
const facts: ScheduleFacts = {
  schedules: [
    {
      provNum: 1,
      opNum: 1,
      clinicNum: 1,
      weekdays: [0, 1],
      start: '09:00',
      end: '17:00',
      breaks: [{ start: '12:00', end: '13:00' }],
    },
    { provNum: 2, opNum: 2, clinicNum: 2, weekdays: [1], start: '08:00', end: '18:00', breaks: [] },
  ],
  closures: ['2026-03-10'],
  timeOff: [{ provNum: 2, start: '2026-03-01T08:00', end: '2026-03-09T10:00' }],
};

describe('schedule blocks', () => {
  it('puts a break on the right instant on both sides of New York’s spring-forward (Sunday 8 March 2026)', () => {
    const blocks = scheduleBlocks(facts, datesOf('2026-03-08', '2026-03-09'), 'America/New_York', 1);
    expect(blocks.filter((b) => b.kind === 'break').map((b) => [b.starts_at, b.ends_at])).toEqual([
      ['2026-03-08T16:00:00.000Z', '2026-03-08T17:00:00.000Z'], // EDT already: UTC-4
      ['2026-03-09T16:00:00.000Z', '2026-03-09T17:00:00.000Z'],
    ]);
  });

  it('shades a closed day whole, and time off only where it meets the range', () => {
    const blocks = scheduleBlocks(facts, datesOf('2026-03-09', '2026-03-10'), 'America/New_York', null);
    expect(blocks.find((b) => b.kind === 'closure')).toMatchObject({
      starts_at: '2026-03-10T04:00:00.000Z',
      ends_at: '2026-03-11T04:00:00.000Z',
      pms_prov_num: null,
    });
    expect(blocks.find((b) => b.kind === 'time_off')).toMatchObject({
      starts_at: '2026-03-01T13:00:00.000Z',
      ends_at: '2026-03-09T14:00:00.000Z',
      pms_prov_num: 2,
    });
    expect(
      scheduleBlocks(facts, datesOf('2026-03-10', '2026-03-11'), 'America/New_York', null).some(
        (b) => b.kind === 'time_off',
      ),
    ).toBe(false);
  });

  it('shades blocked time with its id and label, of the clinic asked for or of every clinic', () => {
    const blockedTime = [
      {
        id: 'b-all',
        starts_at: new Date('2026-03-09T14:00:00Z'),
        ends_at: new Date('2026-03-09T15:00:00Z'),
        pms_prov_num: null,
        pms_op_num: null,
        pms_clinic_num: null,
        label: 'Team meeting',
      },
      {
        id: 'b-two',
        starts_at: new Date('2026-03-09T18:00:00Z'),
        ends_at: new Date('2026-03-09T19:00:00Z'),
        pms_prov_num: 2,
        pms_op_num: null,
        pms_clinic_num: 2,
        label: null,
      },
    ];
    const blocked = (clinicNum: number | null) =>
      scheduleBlocks({ ...facts, blockedTime }, ['2026-03-09'], 'America/New_York', clinicNum).filter(
        (b) => b.kind === 'blocked',
      );
    expect(blocked(null)).toEqual([
      {
        id: 'b-all',
        kind: 'blocked',
        starts_at: '2026-03-09T14:00:00.000Z',
        ends_at: '2026-03-09T15:00:00.000Z',
        pms_prov_num: null,
        pms_op_num: null,
        pms_clinic_num: null,
        label: 'Team meeting',
      },
      {
        id: 'b-two',
        kind: 'blocked',
        starts_at: '2026-03-09T18:00:00.000Z',
        ends_at: '2026-03-09T19:00:00.000Z',
        pms_prov_num: 2,
        pms_op_num: null,
        pms_clinic_num: 2,
        label: null,
      },
    ]);
    expect(blocked(1).map((b) => b.id)).toEqual(['b-all']);
    expect(blocked(2).map((b) => b.id)).toEqual(['b-all', 'b-two']);
  });

  it('gives each day the hours of the schedules working it, per clinic when asked', () => {
    expect(openingHours(facts, datesOf('2026-03-09', '2026-03-11'), null)).toEqual([
      { date: '2026-03-09', opens: '08:00', closes: '18:00' },
      { date: '2026-03-10', opens: null, closes: null },
      { date: '2026-03-11', opens: null, closes: null },
    ]);
    expect(openingHours(facts, ['2026-03-09'], 1)).toEqual([{ date: '2026-03-09', opens: '09:00', closes: '17:00' }]);
  });
});
