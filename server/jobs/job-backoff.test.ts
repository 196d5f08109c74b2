import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './job-backoff.ts';

describe('retryDelayMs', () => {
  it('doubles from 30 s and stops at 1 h', () => {
    const nominal = [1, 2, 3, 4, 5, 6, 7, 8, 12].map((attempt) => retryDelayMs(attempt, () => 0) / 1000);
    expect(nominal).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it('takes up to a fifth off with jitter, never adding to the nominal delay', () => {
    expect(retryDelayMs(1, () => 0.999_999)).toBe(24_000);
    expect(retryDelayMs(8, () => 0.5)).toBe(3_240_000);
    for (let i = 0; i < 100; i += 1) {
      const delay = retryDelayMs(3);
      expect(delay).toBeGreaterThanOrEqual(96_000);
      expect(delay).toBeLessThanOrEqual(120_000);
    }
  });
});
