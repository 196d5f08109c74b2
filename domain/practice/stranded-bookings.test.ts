import { describe, expect, it } from 'vitest';
import type { PracticeConfig } from './practice-config-schema.ts';
import { parsedPractice } from './practice-config.test-data.ts';
import { findStrandedBookings, type BookingInTime } from './stranded-bookings.ts';

const WEEKDAYS_WITH_LUNCH = {
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
  breaks: [{ start: '12:00', end: '13:00' }],
};

function practice(overrides: Record<string, unknown> = {}): PracticeConfig {
  return parsedPractice({
    form_url: 'stranded-dental',
    name: 'Stranded Dental',
    server_tz: 'America/Chicago',
    providers: [{ pms_prov_num: 1 }, { pms_prov_num: 2 }],
    operatories: [{ pms_op_num: 1, name: 'Chair 1' }],
    reasons: [{ name: 'Exam' }, { name: 'Cleaning' }],
    schedules: [{ pms_prov_num: 1, pms_op_num: 1, ...WEEKDAYS_WITH_LUNCH }],
    ...overrides,
  });
}

// Wednesday 4 March 2026, 15:00-16:00 with Dr. 1 in chair 1, for an exam.
const booking: BookingInTime = {
  id: 'b1',
  reference: 'ABCDEFG',
  patient_name: 'Ana Lopez',
  pms_prov_num: 1,
  pms_op_num: 1,
  reason_name: 'Exam',
  start: '2026-03-04T15:00',
  end: '2026-03-04T16:00',
};
const stranded = (after: PracticeConfig, before = practice()) =>
  findStrandedBookings(before, after, [booking]).map((b) => b.id);

describe('findStrandedBookings', () => {
  it.each([
    ['a whole-day closure', { closures: [{ date: '2026-03-04', name: 'Closed' }] }],
    ['a part-day closure over it', { closures: [{ date: '2026-03-04', name: 'PM', start: '14:00', end: '15:30' }] }],
    [
      'time off of its provider',
      { time_off: [{ pms_prov_num: 1, start: '2026-03-04T00:00', end: '2026-03-05T00:00' }] },
    ],
    ['shorter hours', { schedules: [{ pms_prov_num: 1, pms_op_num: 1, weekdays: [3], start: '09:00', end: '15:00' }] }],
    [
      'its weekday dropped',
      { schedules: [{ pms_prov_num: 1, pms_op_num: 1, weekdays: [1], start: '09:00', end: '17:00' }] },
    ],
    ['its reason switched off', { reasons: [{ name: 'Exam', is_active: false }, { name: 'Cleaning' }] }],
    ['its provider removed', { providers: [{ pms_prov_num: 2 }], schedules: [] }],
    ['its provider switched off', { providers: [{ pms_prov_num: 1, is_active: false }, { pms_prov_num: 2 }] }],
    ['a yearly closure of an earlier year', { closures: [{ date: '2024-03-04', name: 'Founders', yearly: true }] }],
  ])('names a booking stranded by %s', (_name, change) => {
    expect(stranded(practice(change))).toEqual(['b1']);
  });

  it.each([
    ['a closure of the morning', { closures: [{ date: '2026-03-04', name: 'AM', start: '09:00', end: '15:00' }] }],
    [
      'time off of another provider',
      { time_off: [{ pms_prov_num: 2, start: '2026-03-04T00:00', end: '2026-03-05T00:00' }] },
    ],
    ['another reason switched off', { reasons: [{ name: 'Exam' }, { name: 'Cleaning', is_active: false }] }],
    ['a one-off closure of that day last year', { closures: [{ date: '2025-03-04', name: 'Founders' }] }],
    ['a yearly closure that begins next year', { closures: [{ date: '2027-03-04', name: 'Founders', yearly: true }] }],
  ])('leaves a booking that still fits after %s', (_name, change) => {
    expect(stranded(practice(change))).toEqual([]);
  });

  it('does not blame a change for a booking that was already outside the hours', () => {
    const before = practice({ closures: [{ date: '2026-03-04', name: 'Closed' }] });
    expect(stranded(practice({ closures: [{ date: '2026-03-04', name: 'Still closed' }] }), before)).toEqual([]);
  });

  it('checks only closures, time off and reasons on Open Dental, whose hours are its own', () => {
    const od = { pms: { type: 'opendental', customer_key: 'k' } };
    expect(stranded(practice({ ...od, schedules: [] }), practice(od))).toEqual([]);
    const off = { ...od, providers: [{ pms_prov_num: 1, is_active: false }, { pms_prov_num: 2 }] };
    expect(stranded(practice(off), practice(od))).toEqual(['b1']);
    expect(stranded(practice({ ...od, closures: [{ date: '2026-03-04', name: 'Closed' }] }), practice(od))).toEqual([
      'b1',
    ]);
  });
});
