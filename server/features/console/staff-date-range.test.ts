import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { instantsOfDays } from './staff-date-range.ts';

describe('instantsOfDays', () => {
  it('spans the practice’s days, midnight to midnight, across a DST change', () => {
    // New York moves its clocks forward on 8 March 2026: that day has 23 hours.
    expect(instantsOfDays({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York', 31)).toEqual({
      from: new Date('2026-03-08T05:00:00Z'),
      to: new Date('2026-03-09T04:00:00Z'),
    });
  });

  it('allows maxDays days and refuses one more or a range that ends before it starts', () => {
    expect(instantsOfDays({ from: '2028-01-01', to: '2028-12-31' }, 'UTC', 366).to).toEqual(
      new Date('2029-01-01T00:00:00Z'),
    );
    expect(() => instantsOfDays({ from: '2026-01-01', to: '2027-01-02' }, 'UTC', 366)).toThrow(AppError);
    expect(instantsOfDays({ from: '2026-03-01', to: '2026-03-31' }, 'UTC', 31).to).toEqual(
      new Date('2026-04-01T00:00:00Z'),
    );
    expect(() => instantsOfDays({ from: '2026-03-01', to: '2026-04-01' }, 'UTC', 31)).toThrow(/at most 31 days/);
    expect(() => instantsOfDays({ from: '2026-01-02', to: '2026-01-01' }, 'UTC', 366)).toThrow(/not be before/);
  });
});
