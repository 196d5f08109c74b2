import { describe, expect, it } from 'vitest';
import { freeGaps, indexIntervals, mergeIntervals, overlapMs } from './time-intervals.ts';

const i = (start: number, end: number) => ({ start, end });

describe('time intervals', () => {
  it.each([
    { input: [], merged: [] },
    { input: [i(5, 7), i(1, 3)], merged: [i(1, 3), i(5, 7)] },
    { input: [i(1, 3), i(3, 5)], merged: [i(1, 5)] }, // touching intervals merge
    { input: [i(1, 10), i(2, 3), i(9, 12)], merged: [i(1, 12)] },
    { input: [i(4, 4), i(6, 5)], merged: [] }, // empty and inverted intervals are dropped
  ])('merges $input', ({ input, merged }) => {
    const before = JSON.stringify(input);
    expect(mergeIntervals(input)).toEqual(merged);
    expect(JSON.stringify(input)).toBe(before);
  });

  it.each([
    { blocked: [], gaps: [i(0, 100)] },
    { blocked: [i(20, 30), i(10, 15)], gaps: [i(0, 10), i(15, 20), i(30, 100)] },
    { blocked: [i(-10, 5), i(90, 200)], gaps: [i(5, 90)] },
    { blocked: [i(10, 40), i(20, 30)], gaps: [i(0, 10), i(40, 100)] },
    { blocked: [i(0, 100)], gaps: [] },
    { blocked: [i(150, 160)], gaps: [i(0, 100)] },
  ])('frees [0, 100) minus $blocked', ({ blocked, gaps }) => {
    expect(freeGaps(0, 100, blocked)).toEqual(gaps);
  });

  it('indexes per key and measures overlap inside a range', () => {
    const index = indexIntervals(
      [
        { key: 1, ...i(0, 10) },
        { key: 2, ...i(5, 6) },
        { key: 1, ...i(8, 20) },
        { key: 1, ...i(30, 40) },
      ],
      (x) => x.key,
      (x) => i(x.start, x.end),
    );
    expect(index.get(1)).toEqual([i(0, 20), i(30, 40)]);
    expect(overlapMs(index.get(1), 15, 35)).toBe(10);
    expect(overlapMs(index.get(3), 0, 100)).toBe(0);
  });
});
