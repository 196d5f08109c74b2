import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createRequestQueue } from './opendental-request-queue.ts';
import { OD_MAX_IN_FLIGHT, officeRequestIntervalMs } from './opendental-connector.ts';

// Every test runs on a fake clock: Date.now and setTimeout move only when the test moves them.
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A task the test ends by hand; records when it started. */
function controlledTask(starts: Record<string, number>, name: string) {
  let end: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      starts[name] = Date.now();
      end = () => resolve(name);
      fail = reject;
    });
  return { task, end: () => end(), fail: (error: Error) => fail(error) };
}

const quick = (starts: number[]) => async () => {
  starts.push(Date.now());
};

describe('the per-office request queue', () => {
  it("spaces an office's requests with a margin above Open Dental's one per second by default", async () => {
    const { requestsPerSecond } = loadConfig({}).openDental;
    expect(requestsPerSecond).toBe(1);
    const intervalMs = officeRequestIntervalMs(requestsPerSecond);
    // Network jitter can bring two requests closer together on arrival than they left: 10 % margin.
    expect(intervalMs).toBe(1100);
    expect(officeRequestIntervalMs(0.2)).toBe(5500);
    const queue = createRequestQueue({ intervalMs, maxInFlight: OD_MAX_IN_FLIGHT });
    const starts: number[] = [];
    const all = Promise.all([1, 2, 3, 4].map(() => queue.run('office-a', quick(starts))));
    await vi.advanceTimersByTimeAsync(10_000);
    await all;
    expect(starts).toEqual([0, 1100, 2200, 3300]);
  });

  it('runs one request of an office at a time: a slow answer delays the next one', async () => {
    const queue = createRequestQueue({ intervalMs: 1000, maxInFlight: 2, holdMs: 5000 });
    const starts: Record<string, number> = {};
    const slow = controlledTask(starts, 'slow');
    const slowDone = queue.run('office-a', slow.task);
    const next = queue.run('office-a', async () => (starts.next = Date.now()));
    await vi.advanceTimersByTimeAsync(2500);
    expect(starts).toEqual({ slow: 0 });
    slow.end();
    await slowDone;
    await vi.advanceTimersByTimeAsync(0);
    await next;
    expect(starts).toEqual({ slow: 0, next: 2500 });
  });

  it('lets the next request start once a hung one held the office for holdMs; the hung one still answers', async () => {
    const queue = createRequestQueue({ intervalMs: 1000, maxInFlight: 2, holdMs: 5000 });
    const starts: Record<string, number> = {};
    const hung = controlledTask(starts, 'hung');
    const hungDone = queue.run('office-a', hung.task);
    const next = queue.run('office-a', async () => (starts.next = Date.now()));
    await vi.advanceTimersByTimeAsync(4999);
    expect(starts).toEqual({ hung: 0 });
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(starts).toEqual({ hung: 0, next: 5000 });
    await vi.advanceTimersByTimeAsync(55_000);
    hung.end();
    await expect(hungDone).resolves.toBe('hung');
  });

  it('keeps at most maxInFlight requests of an office under way: the next waits for one of them to end', async () => {
    const queue = createRequestQueue({ intervalMs: 1000, maxInFlight: 2, holdMs: 5000 });
    const starts: Record<string, number> = {};
    const first = controlledTask(starts, 'first');
    const second = controlledTask(starts, 'second');
    const firstDone = queue.run('office-a', first.task);
    void queue.run('office-a', second.task);
    const third = queue.run('office-a', async () => (starts.third = Date.now()));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts).toEqual({ first: 0, second: 5000 });
    first.fail(new Error('timed out'));
    await expect(firstDone).rejects.toThrow('timed out');
    await vi.advanceTimersByTimeAsync(0);
    await third;
    expect(starts).toEqual({ first: 0, second: 5000, third: 60_000 });
    second.end();
  });

  it('never starts two requests of an office less than intervalMs apart, hung or not', async () => {
    const queue = createRequestQueue({ intervalMs: 1100, maxInFlight: 2, holdMs: 300 });
    const starts: Record<string, number> = {};
    const hung = controlledTask(starts, 'hung');
    void queue.run('office-a', hung.task);
    const next = queue.run('office-a', async () => (starts.next = Date.now()));
    await vi.advanceTimersByTimeAsync(2000);
    await next;
    // Released from the hung request after 300 ms, the next one still waits for the spacing.
    expect(starts).toEqual({ hung: 0, next: 1100 });
    hung.end();
  });

  it('does not make one office wait for another', async () => {
    const queue = createRequestQueue({ intervalMs: 1000 });
    const starts: Record<string, number> = {};
    await Promise.all([
      queue.run('office-a', async () => (starts.a1 = Date.now())),
      queue.run('office-b', async () => (starts.b1 = Date.now())),
    ]);
    expect(starts).toEqual({ a1: 0, b1: 0 });
  });

  it('holds an office back until a Retry-After pause is over, and keeps going after a failed request', async () => {
    const queue = createRequestQueue({ intervalMs: 1000 });
    await expect(queue.run('office-a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    queue.pauseUntil('office-a', 7000);
    const started = queue.run('office-a', async () => Date.now());
    await vi.advanceTimersByTimeAsync(7000);
    await expect(started).resolves.toBe(7000);
  });

  it('lets a caller stop waiting: out of the queue if not started, its turn held until it ends', async () => {
    const queue = createRequestQueue({ intervalMs: 1000, maxInFlight: 1 });
    const starts: Record<string, number> = {};
    const hung = controlledTask(starts, 'hung');
    const hungDone = queue.run('office-a', hung.task);
    const waiter = new AbortController();
    const abandoned = queue.run('office-a', async () => (starts.abandoned = Date.now()), waiter.signal);
    const next = queue.run('office-a', async () => (starts.next = Date.now()));
    await vi.advanceTimersByTimeAsync(500);
    waiter.abort(new Error('deadline'));
    await expect(abandoned).rejects.toThrow('deadline');
    // A caller that stops waiting for a request under way: the request keeps the office's turn.
    const running = new AbortController();
    const slow = controlledTask(starts, 'slow');
    const slowDone = queue.run('office-b', slow.task, running.signal);
    running.abort(new Error('deadline'));
    await expect(slowDone).rejects.toThrow('deadline');
    const afterSlow = queue.run('office-b', async () => (starts.afterSlow = Date.now()));
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts).toEqual({ hung: 0, slow: 500 });
    hung.end();
    slow.end();
    await Promise.all([hungDone, next, afterSlow]);
    expect(starts).toEqual({ hung: 0, slow: 500, next: 2500, afterSlow: 2500 });
    const aborted = new AbortController();
    aborted.abort(new Error('already'));
    await expect(queue.run('office-a', async () => 'never', aborted.signal)).rejects.toThrow('already');
  });

  it('refuses a negative interval, no place in flight, or a hold of zero', () => {
    expect(() => createRequestQueue({ intervalMs: -1 })).toThrow(RangeError);
    expect(() => createRequestQueue({ intervalMs: 1, maxInFlight: 0 })).toThrow(RangeError);
    expect(() => createRequestQueue({ intervalMs: 1, holdMs: 0 })).toThrow(RangeError);
  });
});
