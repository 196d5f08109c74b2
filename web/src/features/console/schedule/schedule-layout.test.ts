import { describe, expect, it } from 'vitest';
import { blockSpanOn, dayColumns, gridRange, placeInLanes } from './schedule-layout.ts';
import { buildAppointment, buildSchedule } from '../console-test-kit.tsx';
import { groupInFours } from '../sign-in/totp-setup-page.tsx';
import { shortDay, todayIn, weekDates } from '../shared/console-dates.ts';

const block = (starts_at: string, ends_at: string) => ({
  id: null,
  kind: 'closure' as const,
  starts_at,
  ends_at,
  pms_prov_num: null,
  pms_op_num: null,
  pms_clinic_num: null,
  label: null,
});

describe('schedule layout', () => {
  it('puts overlapping bookings side by side and lone ones full width', () => {
    const spans = [
      { id: 'a', startMin: 540, endMin: 600 },
      { id: 'b', startMin: 570, endMin: 630 },
      { id: 'c', startMin: 600, endMin: 660 },
      { id: 'd', startMin: 700, endMin: 730 },
    ];
    const placed = placeInLanes(spans, (s) => s);
    expect(placed.map((p) => `${p.item.id}:${p.lane}/${p.lanes}`)).toEqual(['a:0/2', 'b:1/2', 'c:0/2', 'd:0/1']);
  });

  it('cuts a closure of several days to the day shown, in the practice’s zone across a DST change', () => {
    // Chicago leaves daylight time on 2026-11-01: midnight is 05:00Z before, 06:00Z after.
    const closure = block('2026-10-31T05:00:00.000Z', '2026-11-02T06:00:00.000Z');
    expect(blockSpanOn(closure, '2026-10-31', 'America/Chicago')).toEqual({ startMin: 0, endMin: 1440 });
    expect(blockSpanOn(closure, '2026-11-01', 'America/Chicago')).toEqual({ startMin: 0, endMin: 1440 });
    expect(blockSpanOn(closure, '2026-11-02', 'America/Chicago')).toBeNull();
    expect(
      blockSpanOn(block('2026-11-25T18:00:00.000Z', '2026-11-25T18:45:00.000Z'), '2026-11-25', 'America/Chicago'),
    ).toEqual({ startMin: 720, endMin: 765 });
  });

  it('widens the grid to a booking outside the opening hours, in whole hours', () => {
    const schedule = buildSchedule({
      appointments: [buildAppointment({ start_time: '17:15:00', end_time: '17:45:00' })],
    });
    expect(gridRange(schedule, dayColumns(schedule, '2026-11-25', null))).toEqual({ startMin: 480, endMin: 1080 });
  });

  it('gives a booking of a provider without a column a column of its own', () => {
    const schedule = buildSchedule({ appointments: [buildAppointment({ pms_prov_num: 99 })] });
    expect(dayColumns(schedule, '2026-11-25', null).map((c) => [c.label, c.bookings.length])).toEqual([
      ['Dr. Ada Adams', 0],
      ['Dr. Ben Brown', 0],
      ['Other providers', 1],
    ]);
  });
});

describe('console dates and keys', () => {
  it('weeks run Monday to Sunday; days are short in week columns', () => {
    expect(weekDates('2026-11-29')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(shortDay('2026-11-25')).toBe('Wed, Nov 25');
    expect(todayIn('Asia/Kolkata', Date.parse('2026-11-25T19:00:00Z'))).toBe('2026-11-26');
  });

  it('groups a TOTP key in fours', () => {
    expect(groupInFours('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });
});
