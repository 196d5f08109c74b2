import { describe, expect, it } from 'vitest';
import { INTL_LOCALE } from '../i18n/languages.ts';
import { formatDayHeading, formatTime12h } from '../time/time-format.ts';
import { formatDayHeadingIn, formatDollarsIn, formatTimeOfDayIn } from './localized-format.ts';

const { en, es } = INTL_LOCALE;

describe('localized formats', () => {
  it('write English exactly as the spec formats do', () => {
    for (const date of ['2024-03-04', '2024-12-31', '2025-02-01', '2026-11-08'])
      expect(formatDayHeadingIn(date, en)).toBe(formatDayHeading(date));
    for (let hour = 0; hour < 24; hour++) {
      for (const minutes of ['00', '05', '30', '59']) {
        const time = `${String(hour).padStart(2, '0')}:${minutes}:00`;
        expect(formatTimeOfDayIn(time, en)).toBe(formatTime12h(time));
        expect(formatTimeOfDayIn(formatTime12h(time), en)).toBe(formatTime12h(time));
      }
    }
    expect(formatDollarsIn(1234.5, en)).toBe('$1,234.50');
  });

  it('write Spanish with es-US: weekday and month names, 12-hour times, dollars', () => {
    expect(formatDayHeadingIn('2024-03-04', es)).toBe('Lunes, 4 de marzo');
    expect(formatTimeOfDayIn('08:05 AM', es)).toBe('8:05 a.m.');
    expect(formatTimeOfDayIn('15:30:00', es)).toBe('3:30 p.m.');
    expect(formatTimeOfDayIn('00:30:00', es)).toBe('12:30 a.m.');
    expect(formatDollarsIn(75, es)).toBe('$75.00');
  });

  it('leave a time it cannot read as it is', () => {
    expect(formatTimeOfDayIn('soon', es)).toBe('soon');
    expect(formatTimeOfDayIn('13:00 PM', es)).toBe('13:00 PM');
  });
});
