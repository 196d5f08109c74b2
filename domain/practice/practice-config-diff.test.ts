import { describe, expect, it } from 'vitest';
import { asImported, diffPracticeConfigs } from './practice-config-diff.ts';
import type { PracticeConfig } from './practice-config-schema.ts';
import { parsedPractice } from './practice-config.test-data.ts';

function practice(overrides: Record<string, unknown> = {}): PracticeConfig {
  return parsedPractice({
    form_url: 'diff-dental',
    name: 'Diff Dental',
    server_tz: 'America/Chicago',
    providers: [{ pms_prov_num: 1 }, { pms_prov_num: 2 }],
    operatories: [{ pms_op_num: 1, name: 'Chair 1' }],
    reasons: [{ name: 'Exam', final_duration: 30, providers: [2, 1] }],
    schedules: [
      { pms_prov_num: 1, pms_op_num: 1, weekdays: [1, 2], start: '09:00', end: '17:00' },
      { pms_prov_num: 2, pms_op_num: 1, weekdays: [3], start: '09:00', end: '12:00' },
    ],
    closures: [{ date: '2026-12-25', name: 'Christmas Day' }],
    ...overrides,
  });
}

describe('diffPracticeConfigs', () => {
  it('finds nothing between a practice and itself, lists in another order, or a version apart', () => {
    const same = practice({
      version: 4,
      reasons: [{ name: 'Exam', final_duration: 30, providers: [1, 2] }],
      schedules: [
        { pms_prov_num: 2, pms_op_num: 1, weekdays: [3], start: '09:00', end: '12:00' },
        { pms_prov_num: 1, pms_op_num: 1, weekdays: [2, 1], start: '09:00', end: '17:00' },
      ],
      translations: {},
    });
    expect(diffPracticeConfigs(practice(), same)).toEqual([]);
  });

  it('names each changed setting by its path in the practice file, with before and after', () => {
    const after = practice({
      reasons: [{ name: 'Exam', final_duration: 45, providers: [1, 2] }],
      closures: [{ date: '2026-12-25', name: 'Christmas Day', start: '13:00', end: '17:00' }],
      pms: { type: 'builtin' },
    });
    expect(diffPracticeConfigs(practice(), after)).toEqual([
      { path: 'reasons[0].final_duration', before: 30, after: 45 },
      { path: 'closures[0].start', before: null, after: '13:00' },
      { path: 'closures[0].end', before: null, after: '17:00' },
    ]);
  });

  it('never shows an Open Dental key, and counts a reason left out of the file as switched off', () => {
    const stored = practice({ pms: { type: 'opendental', customer_key: 'old-key' } });
    const file = practice({ pms: { type: 'opendental', customer_key: 'new-key' }, reasons: [] });
    expect(diffPracticeConfigs(stored, asImported(file, stored))).toEqual([
      { path: 'reasons[0].is_active', before: true, after: false },
    ]);
  });
});
