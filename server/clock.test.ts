import { describe, expect, it } from 'vitest';
import { createMovableClock, type Clock } from './clock.ts';

/** A base clock standing still until advanced by hand. */
function fixedClock(start: string): Clock & { advance(ms: number): void } {
  let current = new Date(start).getTime();
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

describe('the movable clock', () => {
  it('reads the base clock until moved, then runs on from the instant it was moved to', () => {
    const base = fixedClock('2026-03-02T12:00:00Z');
    const clock = createMovableClock(base);
    expect(clock.now().toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(clock.isMoved()).toBe(false);

    clock.moveTo(new Date('2026-07-01T08:30:00-04:00'));
    expect(clock.now().toISOString()).toBe('2026-07-01T12:30:00.000Z');
    base.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-07-01T12:31:30.000Z');
    expect(clock.isMoved()).toBe(true);

    clock.reset();
    expect(clock.now().toISOString()).toBe('2026-03-02T12:01:30.000Z');
    expect(clock.isMoved()).toBe(false);
  });

  it('moves into the past as well', () => {
    const clock = createMovableClock(fixedClock('2026-03-02T12:00:00Z'));
    clock.moveTo(new Date('2025-12-31T23:59:59Z'));
    expect(clock.now().toISOString()).toBe('2025-12-31T23:59:59.000Z');
  });

  it('follows real time by default', () => {
    const clock = createMovableClock();
    const before = Date.now();
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    expect(clock.now().getTime()).toBeLessThan(before + 5_000);
  });
});
