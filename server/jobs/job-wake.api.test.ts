import { describe, expect, it } from 'vitest';
import { fixedClock, withTestDatabase } from '../test/test-app.ts';
import { enqueueJob } from './job-queue.ts';
import { createJobWorker, wakeOnQueuedJobs } from './job-worker.ts';

const ctx = withTestDatabase();
const silent = { warn: () => undefined, error: () => undefined };

async function within(ms: number, condition: () => boolean): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < ms;) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return condition();
}

describe('the job worker woken on commit (ADR 0069)', () => {
  it('runs a job queued for now when its transaction commits, long before its next poll', async () => {
    const ran: string[] = [];
    const worker = createJobWorker({
      db: ctx.db,
      clock: fixedClock('2026-03-02T12:00:00Z'),
      handlers: { 'test.wake': async (payload) => void ran.push((payload as { n: string }).n) },
      logger: silent,
      // A poll an hour away: only the wake-up can explain a job run within seconds.
      pollIntervalMs: 3_600_000,
    });
    const stopWaking = wakeOnQueuedJobs(ctx.db, worker);
    worker.start();
    try {
      // The first pass, at start, finds nothing; the next poll is an hour away.
      await within(1_000, () => false);
      await ctx.db
        .transaction(async (tx) => {
          await enqueueJob(tx, { type: 'test.wake', payload: { n: 'rolled back' } });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await ctx.db.transaction((tx) => enqueueJob(tx, { type: 'test.wake', payload: { n: 'committed' } }));
      expect(await within(3_000, () => ran.length > 0)).toBe(true);
      expect(ran).toEqual(['committed']);
      // Queued outside a transaction (it commits by itself): woken too.
      await enqueueJob(ctx.db, { type: 'test.wake', payload: { n: 'alone' } });
      expect(await within(3_000, () => ran.length > 1)).toBe(true);
      expect(ran).toEqual(['committed', 'alone']);
    } finally {
      stopWaking();
      await worker.stop();
    }
  });
});
