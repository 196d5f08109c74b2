import { describe, expect, it } from 'vitest';
import {
  formatDayHeading,
  formatDayInSentence,
  formatTime12h,
  localiseTime12h,
  zoneAbbreviation,
} from './time-format.ts';

describe('slot step display formats', () => {
  it.each([
    ['08:05:00', '08:05 AM'],
    ['00:30:00', '12:30 AM'],
    ['12:00:00', '12:00 PM'],
    ['13:45', '01:45 PM'],
    ['23:59:00', '11:59 PM'],
  ])('%s reads %s (hh:mm A)', (time, expected) => expect(formatTime12h(time)).toBe(expected));

  it.each(['24:00:00', '8:05', '12:60:00', 'noon'])('rejects the time %j', (time) => {
    expect(() => formatTime12h(time)).toThrow(RangeError);
  });

  it.each([
    ['2024-03-04', 'Monday, March 4'],
    ['2026-11-01', 'Sunday, November 1'],
    ['2028-02-29', 'Tuesday, February 29'],
  ])('the heading of %s is %s', (date, heading) => expect(formatDayHeading(date)).toBe(heading));

  it.each([
    ['America/Chicago', '2026-01-15T18:00:00Z', 'CST'],
    ['America/Chicago', '2026-07-15T18:00:00Z', 'CDT'],
    ['America/New_York', '2026-03-08T06:59:00Z', 'EST'],
    ['America/New_York', '2026-03-08T07:00:00Z', 'EDT'],
    ['Asia/Kolkata', '2026-07-15T18:00:00Z', 'GMT+5:30'],
  ])('%s at %s is abbreviated %s', (zone, at, abbreviation) => {
    expect(zoneAbbreviation(zone, new Date(at))).toBe(abbreviation);
  });
});

describe('in Spanish (ADR 0034, es-US)', () => {
  it.each([
    ['09:30:00', '9:30 a.m.'],
    ['00:05', '12:05 a.m.'],
    ['12:00:00', '12:00 p.m.'],
    ['23:59:00', '11:59 p.m.'],
  ])('%s reads %s (12-hour, as es-US writes it)', (time, expected) => expect(formatTime12h(time, 'es')).toBe(expected));

  it('still refuses a time that is not one', () => expect(() => formatTime12h('24:00:00', 'es')).toThrow(RangeError));

  it.each([
    ['08:05 AM', '8:05 a.m.'],
    ['12:30 AM', '12:30 a.m.'],
    ['12:00 PM', '12:00 p.m.'],
    ['01:45 PM', '1:45 p.m.'],
  ])('a stored slot start %s reads %s', (slotStart, expected) =>
    expect(localiseTime12h(slotStart, 'es')).toBe(expected),
  );

  it('leaves the English slot start as stored', () => expect(localiseTime12h('08:05 AM', 'en')).toBe('08:05 AM'));

  it.each([
    ['2024-03-04', 'Lunes, 4 de marzo'],
    ['2026-11-01', 'Domingo, 1 de noviembre'],
    ['2028-02-29', 'Martes, 29 de febrero'],
  ])('the heading of %s is %s', (date, heading) => expect(formatDayHeading(date, 'es')).toBe(heading));

  it.each([
    ['America/Chicago', '2026-01-15T18:00:00Z', 'CST'],
    ['America/Chicago', '2026-07-15T18:00:00Z', 'CDT'],
    ['America/New_York', '2026-03-08T06:59:00Z', 'EST'],
  ])('%s at %s keeps the abbreviation %s', (zone, at, abbreviation) => {
    expect(zoneAbbreviation(zone, new Date(at), 'es')).toBe(abbreviation);
  });
});

describe('a day inside a sentence (ADR 0062)', () => {
  it.each([
    ['es', 'jueves, 10 de enero'],
    ['en', 'Thursday, January 10'],
  ] as const)('in %s is %s', (language, text) => expect(formatDayInSentence('2030-01-10', language)).toBe(text));
});
