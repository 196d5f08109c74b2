import { describe, expect, it } from 'vitest';
import { createStaleWhileRevalidateCache } from './stale-while-revalidate.ts';

function setUp() {
  let now = 0;
  const errors: unknown[] = [];
  const cache = createStaleWhileRevalidateCache<string>({
    freshMs: 60_000,
    maxStaleMs: 300_000,
    now: () => now,
    onRefreshError: (_key, error) => errors.push(error),
  });
  let calls = 0;
  let answer: () => Promise<string> = async () => `v${++calls}`;
  const load = () => answer();
  return {
    cache,
    errors,
    load,
    advance: (ms: number) => (now += ms),
    calls: () => calls,
    answerWith: (next: () => Promise<string>) => (answer = next),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the stale-while-revalidate snapshot cache', () => {
  it('loads once for callers that arrive together, then answers from memory while fresh', async () => {
    const t = setUp();
    expect(await Promise.all([t.cache.get('k', t.load), t.cache.get('k', t.load)])).toEqual(['v1', 'v1']);
    t.advance(59_000);
    expect(await t.cache.get('k', t.load)).toBe('v1');
    expect(t.calls()).toBe(1);
  });

  it('loads again when the clock went back (a dev clock reset): a value from "later" is not fresh', async () => {
    const t = setUp();
    t.advance(30 * 24 * 3_600_000);
    expect(await t.cache.get('k', t.load)).toBe('v1');
    t.advance(-30 * 24 * 3_600_000);
    expect(await t.cache.get('k', t.load)).toBe('v2');
  });

  it('answers a stale value at once and refreshes it in the background, once', async () => {
    const t = setUp();
    await t.cache.get('k', t.load);
    let finish: (value: string) => void = () => undefined;
    let refreshes = 0;
    t.answerWith(() => {
      refreshes++;
      return new Promise((resolve) => (finish = resolve));
    });
    t.advance(61_000);
    expect(await t.cache.get('k', t.load)).toBe('v1');
    expect(await t.cache.get('k', t.load)).toBe('v1');
    expect(refreshes).toBe(1);
    finish('v2');
    await settle();
    expect(await t.cache.get('k', t.load)).toBe('v2');
    expect(refreshes).toBe(1);
  });

  it('keeps the old value when a refresh fails, until it is too old to serve', async () => {
    const t = setUp();
    await t.cache.get('k', t.load);
    t.answerWith(() => Promise.reject(new Error('eConnector down')));
    t.advance(61_000);
    expect(await t.cache.get('k', t.load)).toBe('v1');
    await settle();
    expect(t.errors).toHaveLength(1);
    t.advance(300_000);
    await expect(t.cache.get('k', t.load)).rejects.toThrow('eConnector down');
  });

  it('does not remember a failed first load', async () => {
    const t = setUp();
    t.answerWith(() => Promise.reject(new Error('down')));
    await expect(t.cache.get('k', t.load)).rejects.toThrow('down');
    t.answerWith(async () => 'up');
    expect(await t.cache.get('k', t.load)).toBe('up');
  });
});
