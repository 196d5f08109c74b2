import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  instantField,
  pmsNumberField,
  pmsNumberQueryField,
  practiceDayField,
  wallTimeField,
  windowedPracticeDayField,
} from './wire-primitives.ts';

/** The value the field reads, or its first message. */
function read(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : parsed.error.issues[0]!.message;
}

describe('practiceDayField', () => {
  it.each([
    ['2026-03-02', '2026-03-02'],
    ['1900-01-01', '1900-01-01'],
    ['2199-12-31', '2199-12-31'],
    ['2028-02-29', '2028-02-29'],
    ['2026-02-29', 'from must be a real calendar date'],
    ['2026-13-01', 'from must be a real calendar date'],
    ['1899-12-31', 'from must be between 1900-01-01 and 2199-12-31'],
    ['2200-01-01', 'from must be between 1900-01-01 and 2199-12-31'],
    ['9999-12-31', 'from must be between 1900-01-01 and 2199-12-31'],
    ['0999-12-31', 'from must be between 1900-01-01 and 2199-12-31'],
    ['+02026-03-02', 'from must be a date (YYYY-MM-DD)'],
    ['2026-3-2', 'from must be a date (YYYY-MM-DD)'],
    ['2026-03-02T00:00:00Z', 'from must be a date (YYYY-MM-DD)'],
    [20260302, 'from must be a date (YYYY-MM-DD)'],
    [null, 'from must be a date (YYYY-MM-DD)'],
  ])('reads %j as %j', (value, expected) => {
    expect(read(practiceDayField('from'), value)).toBe(expected);
  });

  it('narrows to the window around today for a booking', () => {
    const field = windowedPracticeDayField('apt_date', '2026-03-02');
    expect(read(field, '2026-03-02')).toBe('2026-03-02');
    expect(read(field, '2199-12-31')).toBe('apt_date must be between 2025-03-01 and 2028-03-03');
    expect(read(field, '9999-12-31')).toBe('apt_date must be between 1900-01-01 and 2199-12-31');
  });
});

describe('wallTimeField', () => {
  it.each([
    ['09:00', '09:00:00'],
    ['09:00:00', '09:00:00'],
    ['00:00', '00:00:00'],
    ['23:59:00', '23:59:00'],
  ])('reads %j as %j', (value, expected) => {
    expect(read(wallTimeField('start_time'), value)).toBe(expected);
  });

  it.each(['09:00:30', '23:59:60', '23:59:59', '24:00', '24:00:00', '25:00:00', '99:99', '9:00', '09:00:00.000', ''])(
    'refuses %j, naming the field',
    (value) => {
      expect(read(wallTimeField('start_time'), value)).toBe(
        'start_time must be a time from 00:00 to 23:59 (HH:mm or HH:mm:00)',
      );
    },
  );
});

describe('pmsNumberField and pmsNumberQueryField', () => {
  it.each([
    [0, 0],
    [2_147_483_647, 2_147_483_647],
    [2 ** 31, 'pms_prov_num must be at most 2147483647'],
    [2 ** 53, 'pms_prov_num must be a whole number'],
    [-1, 'pms_prov_num must be at least 0'],
    [1.5, 'pms_prov_num must be a whole number'],
    ['1', 'pms_prov_num must be a whole number'],
  ])('reads the body value %j as %j', (value, expected) => {
    expect(read(pmsNumberField('pms_prov_num'), value)).toBe(expected);
  });

  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['2147483648', 'clinic must be at most 2147483647'],
    ['9007199254740992', 'clinic must be a whole number'],
    ['0', 'clinic must be at least 1'],
    ['-1', 'clinic must be a whole number'],
    ['1e3', 'clinic must be a whole number'],
    [' 1', 'clinic must be a whole number'],
    ['', 'clinic must be a whole number'],
    [['1', '2'], 'clinic must be a whole number'],
  ])('reads the query value %j as %j', (value, expected) => {
    expect(read(pmsNumberQueryField('clinic', { min: 1 }), value)).toBe(expected);
  });
});

describe('instantField', () => {
  it.each([
    ['2026-03-02T12:00:00Z', true],
    ['2026-03-02T12:00:00.123+05:30', true],
    ['2199-12-31T23:59:59Z', true],
    ['2200-01-01T00:00:00Z', false],
    ['1899-12-31T23:59:59Z', false],
    ['9999-12-31T00:00:00Z', false],
    ['2026-02-30T00:00:00Z', false],
    ['2026-03-02T24:00:00Z', false],
    ['2026-03-02T12:00:00', false],
  ])('reads %j: %s', (value, isValid) => {
    expect(instantField('now').safeParse(value).success).toBe(isValid);
  });
});
