// Half-open intervals [start, end) of epoch milliseconds. Half-open means an appointment ending
// at 10:00 and a slot starting at 10:00 do not overlap, so back-to-back bookings work.
export type Interval = { start: number; end: number };

/** Sorted, merged copy: overlapping or touching intervals become one; empty ones are dropped. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** Groups items by a numeric key into merged interval lists (one per provider or operatory). */
export function indexIntervals<T>(
  items: readonly T[],
  keyOf: (item: T) => number,
  intervalOf: (item: T) => Interval,
): Map<number, Interval[]> {
  const groups = new Map<number, Interval[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(intervalOf(item));
    else groups.set(key, [intervalOf(item)]);
  }
  for (const [key, group] of groups) groups.set(key, mergeIntervals(group));
  return groups;
}

/** Index of the first interval of a merged list that ends after `from` (binary search). */
function firstEndingAfter(merged: readonly Interval[], from: number): number {
  let low = 0;
  let high = merged.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((merged[mid]?.end ?? Infinity) <= from) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Appends to `out` the intervals of a merged list that overlap [from, to). */
export function collectOverlapping(
  merged: readonly Interval[] | undefined,
  from: number,
  to: number,
  out: Interval[],
): void {
  if (!merged) return;
  for (let i = firstEndingAfter(merged, from); i < merged.length; i++) {
    const interval = merged[i];
    if (!interval || interval.start >= to) return;
    out.push(interval);
  }
}

/** Total milliseconds of a merged list that fall inside [from, to). */
export function overlapMs(merged: readonly Interval[] | undefined, from: number, to: number): number {
  const hits: Interval[] = [];
  collectOverlapping(merged, from, to, hits);
  return hits.reduce((sum, i) => sum + Math.min(i.end, to) - Math.max(i.start, from), 0);
}

/** What is left of [from, to) once every blocked interval (any order, may overlap) is removed. */
export function freeGaps(from: number, to: number, blocked: readonly Interval[]): Interval[] {
  return freeGapsSortingInPlace(from, to, [...blocked]);
}

/**
 * freeGaps for the engine's hot path: sorts `blocked` in place, by insertion because these
 * lists are short (a break and a few appointments) and mostly sorted already.
 */
export function freeGapsSortingInPlace(from: number, to: number, blocked: Interval[]): Interval[] {
  for (let i = 1; i < blocked.length; i++) {
    const item = blocked[i] as Interval;
    let j = i - 1;
    for (; j >= 0 && (blocked[j] as Interval).start > item.start; j--) blocked[j + 1] = blocked[j] as Interval;
    blocked[j + 1] = item;
  }
  const gaps: Interval[] = [];
  let cursor = from;
  for (const block of blocked) {
    if (block.start > cursor) gaps.push({ start: cursor, end: Math.min(block.start, to) });
    cursor = Math.max(cursor, block.end);
    if (cursor >= to) return gaps;
  }
  if (cursor < to) gaps.push({ start: cursor, end: to });
  return gaps;
}
