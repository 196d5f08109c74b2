import { describe, expect, it } from 'vitest';
import { minStamp, stampBefore } from './opendental-stamps.ts';

describe("Open Dental's change stamps", () => {
  it.each([
    ['2026-03-02 09:00:30', 60, '2026-03-02 08:59:30'],
    ['2026-03-01 00:00:10', 60, '2026-02-28 23:59:10'],
    ['2026-12-31 23:59:59', 1, '2026-12-31 23:59:58'],
  ])('%s less %i s is %s', (stamp, seconds, earlier) => {
    expect(stampBefore(stamp, seconds)).toBe(earlier);
  });

  it('keeps a stamp it cannot read', () => {
    expect(stampBefore('0001-01-01 00:00:00x', 60)).toBe('0001-01-01 00:00:00x');
  });

  it('takes the earlier of two, either missing', () => {
    expect(minStamp('2026-03-02 09:00:01', '2026-03-02 09:00:00')).toBe('2026-03-02 09:00:00');
    expect(minStamp(null, '2026-03-02 09:00:00')).toBe('2026-03-02 09:00:00');
    expect(minStamp('2026-03-02 09:00:00', null)).toBe('2026-03-02 09:00:00');
  });
});
