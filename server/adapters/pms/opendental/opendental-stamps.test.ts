import { describe, expect, it } from 'vitest';
import { minStamp, stampBefore } from './opendental-stamps.ts';

describe("Open Dental's change stamps", () => {
  it('go back a number of seconds across a minute, a month and a year', () => {
    expect(stampBefore('2026-03-02 09:00:30', 60)).toBe('2026-03-02 08:59:30');
    expect(stampBefore('2026-03-01 00:00:10', 60)).toBe('2026-02-28 23:59:10');
    expect(stampBefore('2027-01-01 00:00:00', 1)).toBe('2026-12-31 23:59:59');
    // One it cannot read is kept: the poll then asks from it, as before.
    expect(stampBefore('not a stamp', 60)).toBe('not a stamp');
  });

  it('take the earlier of two, either missing', () => {
    expect(minStamp('2026-03-02 09:00:01', '2026-03-02 09:00:00')).toBe('2026-03-02 09:00:00');
    expect(minStamp(null, '2026-03-02 09:00:00')).toBe('2026-03-02 09:00:00');
    expect(minStamp('2026-03-02 09:00:00', null)).toBe('2026-03-02 09:00:00');
    expect(minStamp(null, null)).toBeNull();
  });
});
