import { describe, expect, it } from 'vitest';
import { createSlotCache } from './slot-cache.ts';

function setup(maxEntries = 100) {
  let now = 0;
  const cache = createSlotCache<number>({ ttlMs: 20_000, maxEntries, now: () => now });
  let calls = 0;
  const compute = () => Promise.resolve(++calls);
  return { cache, compute, advance: (ms: number) => (now += ms), calls: () => calls };
}

describe('slot cache', () => {
  it('answers from memory for 20 s, then computes again', async () => {
    const { cache, compute, advance, calls } = setup();
    expect(await cache.get('p', 'k', compute)).toBe(1);
    advance(19_999);
    expect(await cache.get('p', 'k', compute)).toBe(1);
    advance(1);
    expect(await cache.get('p', 'k', compute)).toBe(2);
    expect(calls()).toBe(2);
  });

  it('computes again when the clock went back (a dev clock reset), not for the length of the jump', async () => {
    const { cache, compute, advance } = setup();
    advance(30 * 24 * 3_600_000);
    expect(await cache.get('p', 'k', compute)).toBe(1);
    advance(-30 * 24 * 3_600_000);
    expect(await cache.get('p', 'k', compute)).toBe(2);
  });

  it('shares one computation between simultaneous misses', async () => {
    const { cache, compute, calls } = setup();
    const results = await Promise.all([
      cache.get('p', 'k', compute),
      cache.get('p', 'k', compute),
      cache.get('p', 'k', compute),
    ]);
    expect(results).toEqual([1, 1, 1]);
    expect(calls()).toBe(1);
  });

  it('forgets one practice on invalidation and keeps the others', async () => {
    const { cache, compute } = setup();
    await cache.get('a', 'k', compute);
    await cache.get('b', 'k', compute);
    cache.invalidatePractice('a');
    expect(await cache.get('a', 'k', compute)).toBe(3);
    expect(await cache.get('b', 'k', compute)).toBe(2);
  });

  it('does not remember failures', async () => {
    const { cache, compute } = setup();
    await expect(cache.get('p', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('p', 'k', compute)).toBe(1);
  });

  it('forgets everything on clear, lists still being computed too', async () => {
    const { cache, compute } = setup();
    let finish!: (value: number) => void;
    const slow = cache.get('a', 'k', () => new Promise<number>((resolve) => (finish = resolve)));
    await cache.get('b', 'k', compute);
    cache.clear();
    finish(99);
    expect(await slow).toBe(99);
    // The list read before the clear is not handed out after it.
    expect(await cache.get('a', 'k', compute)).toBe(2);
    expect(await cache.get('b', 'k', compute)).toBe(3);
  });

  it('reads a lifetime given as a function when it makes each entry', async () => {
    let now = 0;
    let ttlMs = 20_000;
    const cache = createSlotCache<number>({ ttlMs: () => ttlMs, maxEntries: 100, now: () => now });
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    await cache.get('p', 'long', compute);
    ttlMs = 1_000;
    await cache.get('p', 'short', compute);
    now = 1_000;
    expect(await cache.get('p', 'long', compute)).toBe(1);
    expect(await cache.get('p', 'short', compute)).toBe(3);
  });

  it('stays within its size bound', async () => {
    const { cache, compute } = setup(3);
    for (const key of ['1', '2', '3', '4', '5']) await cache.get('p', key, compute);
    // After the bound was hit the cache started over, so key 1 is computed again.
    expect(await cache.get('p', '1', compute)).toBe(6);
  });
});
