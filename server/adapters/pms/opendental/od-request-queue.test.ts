import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createRequestQueue } from './od-request-queue.ts';

/** A clock that only moves when the queue sleeps (or a task says it took time). */
function virtualTime() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
    spend: (ms: number) => {
      now += ms;
    },
  };
}

describe('the per-office request queue', () => {
  it('spaces requests of one office one second apart by default (OPENDENTAL_REQUESTS_PER_SECOND=1)', async () => {
    const { requestsPerSecond } = loadConfig({}).openDental;
    expect(requestsPerSecond).toBe(1);
    const time = virtualTime();
    const queue = createRequestQueue({ intervalMs: 1000 / requestsPerSecond, now: time.now, sleep: time.sleep });
    const starts: number[] = [];
    await Promise.all([1, 2, 3, 4].map(() => queue.run('office-a', async () => starts.push(time.now()))));
    expect(starts).toEqual([0, 1000, 2000, 3000]);
  });

  it('runs one request of an office at a time: a slow answer delays the next one', async () => {
    const time = virtualTime();
    const queue = createRequestQueue({ intervalMs: 1000, now: time.now, sleep: time.sleep });
    const events: string[] = [];
    await Promise.all([
      queue.run('office-a', async () => {
        events.push(`slow starts ${time.now()}`);
        time.spend(2500);
        events.push(`slow ends ${time.now()}`);
      }),
      queue.run('office-a', async () => events.push(`next starts ${time.now()}`)),
    ]);
    expect(events).toEqual(['slow starts 0', 'slow ends 2500', 'next starts 2500']);
  });

  it('does not make one office wait for another', async () => {
    const time = virtualTime();
    const queue = createRequestQueue({ intervalMs: 1000, now: time.now, sleep: time.sleep });
    const starts: Record<string, number> = {};
    await Promise.all([
      queue.run('office-a', async () => (starts.a1 = time.now())),
      queue.run('office-b', async () => (starts.b1 = time.now())),
    ]);
    expect(starts).toEqual({ a1: 0, b1: 0 });
  });

  it('holds an office back until a Retry-After pause is over, and keeps going after a failed request', async () => {
    const time = virtualTime();
    const queue = createRequestQueue({ intervalMs: 1000, now: time.now, sleep: time.sleep });
    await expect(queue.run('office-a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    queue.pauseUntil('office-a', 7000);
    const started = await queue.run('office-a', async () => time.now());
    expect(started).toBe(7000);
  });

  it('refuses a negative interval', () => {
    expect(() => createRequestQueue({ intervalMs: -1 })).toThrow(RangeError);
  });
});
