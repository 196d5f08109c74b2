import { describe, expect, it } from 'vitest';
import { describeAppointmentTime, zoneAbbreviationAt } from './appointment-time.ts';

describe('describeAppointmentTime', () => {
  it.each([
    ['2026-03-03T14:00:00Z', 'America/New_York', 'Tuesday, March 3, 2026 at 09:00 AM (EST)'],
    ['2026-07-07T13:30:00Z', 'America/New_York', 'Tuesday, July 7, 2026 at 09:30 AM (EDT)'],
    ['2026-07-07T04:00:00Z', 'Asia/Kolkata', 'Tuesday, July 7, 2026 at 09:30 AM (GMT+5:30)'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(describeAppointmentTime(new Date(instant), zone)).toBe(expected);
  });
});

describe('describeAppointmentTime in Spanish', () => {
  it.each([
    ['2026-03-03T14:00:00Z', 'America/New_York', 'martes, 3 de marzo de 2026, 9:00 a.m. (EST)'],
    ['2026-07-07T19:30:00Z', 'America/Chicago', 'martes, 7 de julio de 2026, 2:30 p.m. (CDT)'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(describeAppointmentTime(new Date(instant), zone, 'es')).toBe(expected);
  });
});

describe('zoneAbbreviationAt', () => {
  it('names the zone in force at that local time, across a DST change', () => {
    expect(zoneAbbreviationAt('2026-03-07', '09:00:00', 'America/Chicago')).toBe('CST');
    expect(zoneAbbreviationAt('2026-03-09', '09:00', 'America/Chicago')).toBe('CDT');
  });
});
