import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, withTestDatabase } from '../test/test-app.ts';
import { enqueueJob, PermanentJobError, type JobContext, type JobHandler } from './job-queue.ts';
import { createJobWorker, type JobLogger } from './job-worker.ts';
import { claimDueJobs } from './jobs-repository.ts';

const ctx = withTestDatabase();
beforeEach(async () => {
  await ctx.db.query('delete from jobs');
});

const START = '2026-03-02T12:00:00Z';

function recordingLogger() {
  const entries: { level: 'warn' | 'error'; details: object; message: string }[] = [];
  const logger: JobLogger = {
    warn: (details, message) => entries.push({ level: 'warn', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
  return { logger, entries };
}

function workerWith(handlers: Record<string, JobHandler>, clock = fixedClock(START)) {
  const { logger, entries } = recordingLogger();
  const worker = createJobWorker({ db: ctx.db, clock, handlers, logger, random: () => 0 });
  return { worker, clock, entries };
}

async function jobRows() {
  return ctx.db.query<{
    type: string;
    status: string;
    attempts: number;
    run_at: Date | null;
    last_error: string | null;
  }>('select type, status, attempts, run_at, last_error from jobs order by created_at');
}

describe('enqueueJob', () => {
  it('leaves nothing behind when the caller rolls back', async () => {
    const rollback = new Error('rollback');
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueJob(tx, { type: 'email.send', payload: { to: 'a@example.com' } });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await jobRows()).toEqual([]);
  });

  it('ignores a second job with the same dedupe key, even once the first is done', async () => {
    const seen: unknown[] = [];
    const { worker } = workerWith({ remind: async (payload) => void seen.push(payload) });
    await ctx.db.transaction((tx) => enqueueJob(tx, { type: 'remind', payload: { n: 1 }, dedupeKey: 'remind:42' }));
    await enqueueJob(ctx.db, { type: 'remind', payload: { n: 2 }, dedupeKey: 'remind:42' });
    expect(await worker.runDueJobs()).toBe(1);
    await enqueueJob(ctx.db, { type: 'remind', payload: { n: 3 }, dedupeKey: 'remind:42' });
    expect(await worker.runDueJobs()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
  });
});

describe('job worker', () => {
  it('runs a due job once, with its payload and a context', async () => {
    const calls: [unknown, JobContext][] = [];
    const { worker } = workerWith({ greet: async (payload, context) => void calls.push([payload, context]) });
    await enqueueJob(ctx.db, { type: 'greet', payload: ['a', { b: 1 }] });
    expect(await worker.runDueJobs()).toBe(1);
    expect(await worker.runDueJobs()).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toEqual(['a', { b: 1 }]);
    expect(calls[0]?.[1]).toMatchObject({
      attempt: 1,
      maxAttempts: 8,
      isLastAttempt: false,
      jobId: expect.any(String),
    });
    expect(await jobRows()).toMatchObject([{ status: 'done', attempts: 1, last_error: null }]);
  });

  it('waits for run_at by the worker clock', async () => {
    const { worker, clock } = workerWith({ later: async () => undefined });
    await enqueueJob(ctx.db, { type: 'later', payload: {}, runAt: new Date('2026-03-02T13:00:00Z') });
    expect(await worker.runDueJobs()).toBe(0);
    clock.set('2026-03-02T13:00:00Z');
    expect(await worker.runDueJobs()).toBe(1);
  });

  it('retries a failing job with exponential back-off and fails it after max attempts', async () => {
    let calls = 0;
    const { worker, clock, entries } = workerWith({
      flaky: async () => {
        calls += 1;
        throw new Error(`SMTP 451 try again (${calls})`);
      },
    });
    await enqueueJob(ctx.db, { type: 'flaky', payload: {}, maxAttempts: 3 });

    expect(await worker.runDueJobs()).toBe(1);
    expect(await jobRows()).toMatchObject([
      { status: 'queued', attempts: 1, run_at: new Date('2026-03-02T12:00:30Z'), last_error: 'SMTP 451 try again (1)' },
    ]);
    clock.advance(29_999);
    expect(await worker.runDueJobs()).toBe(0);
    clock.advance(1);
    expect(await worker.runDueJobs()).toBe(1);
    expect((await jobRows())[0]?.run_at).toEqual(new Date('2026-03-02T12:01:30Z')); // 60 s after the second try
    clock.advance(60_000);
    expect(await worker.runDueJobs()).toBe(1);

    expect(await jobRows()).toMatchObject([{ status: 'failed', attempts: 3, last_error: 'SMTP 451 try again (3)' }]);
    clock.advance(24 * 3_600_000);
    expect(await worker.runDueJobs()).toBe(0);
    expect(calls).toBe(3);
    expect(entries.map((entry) => entry.level)).toEqual(['warn', 'warn', 'error']);
    expect(entries[2]?.details).toMatchObject({ jobType: 'flaky', attempt: 3, error: 'SMTP 451 try again (3)' });
  });

  it('fails at once on a permanent error and on an unknown job type', async () => {
    const { worker, entries } = workerWith({
      refuse: async () => {
        throw new PermanentJobError('recipient refused');
      },
    });
    await enqueueJob(ctx.db, { type: 'refuse', payload: {} });
    await enqueueJob(ctx.db, { type: 'no-such-type', payload: {} });
    expect(await worker.runDueJobs()).toBe(2);
    expect(await worker.runDueJobs()).toBe(0);
    const rows = await jobRows();
    expect(rows.map(({ type, status, attempts, last_error }) => ({ type, status, attempts, last_error }))).toEqual(
      expect.arrayContaining([
        { type: 'refuse', status: 'failed', attempts: 1, last_error: 'recipient refused' },
        { type: 'no-such-type', status: 'failed', attempts: 1, last_error: 'No handler for job type "no-such-type"' },
      ]),
    );
    expect(entries.filter((entry) => entry.level === 'error')).toHaveLength(2);
  });

  it('takes over a job whose worker died once its lease expires', async () => {
    const ran: JobContext[] = [];
    const { worker, clock } = workerWith({ orphan: async (_payload, context) => void ran.push(context) });
    await enqueueJob(ctx.db, { type: 'orphan', payload: {} });
    // A worker that claims the job and then crashes: the row stays running with a lease.
    const now = clock.now();
    await claimDueJobs(ctx.db, { now, leaseUntil: new Date(now.getTime() + 5 * 60_000), limit: 10 });

    expect(await worker.runDueJobs()).toBe(0);
    clock.advance(5 * 60_000);
    expect(await worker.runDueJobs()).toBe(1);
    expect(ran).toMatchObject([{ attempt: 2 }]);
    expect(await jobRows()).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('fails a job whose worker died during its last attempt', async () => {
    const { worker, clock, entries } = workerWith({ orphan: async () => undefined });
    await enqueueJob(ctx.db, { type: 'orphan', payload: {}, maxAttempts: 1 });
    const now = clock.now();
    await claimDueJobs(ctx.db, { now, leaseUntil: new Date(now.getTime() + 60_000), limit: 10 });
    clock.advance(60_000);
    expect(await worker.runDueJobs()).toBe(0);
    expect(await jobRows()).toMatchObject([
      { status: 'failed', attempts: 1, last_error: expect.stringContaining('lease expired') },
    ]);
    expect(entries).toMatchObject([{ level: 'error' }]);
  });

  it('lets two workers share 50 jobs without running any twice', async () => {
    const runs = new Map<number, number>();
    const handler: JobHandler = async (payload) => {
      const n = (payload as { n: number }).n;
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    for (let n = 0; n < 50; n += 1) await enqueueJob(ctx.db, { type: 'race', payload: { n } });
    const clock = fixedClock(START);
    const workers = [0, 1].map(() =>
      createJobWorker({
        db: ctx.db,
        clock,
        handlers: { race: handler },
        logger: recordingLogger().logger,
        batchSize: 4,
      }),
    );
    const drain = async (worker: (typeof workers)[number]) => {
      let total = 0;
      for (let claimed = await worker.runDueJobs(); claimed > 0; claimed = await worker.runDueJobs()) total += claimed;
      return total;
    };
    const totals = await Promise.all(workers.map(drain));

    expect(totals[0]! + totals[1]!).toBe(50);
    expect(runs.size).toBe(50);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await ctx.db.query(`select 1 from jobs where status <> 'done'`)).toEqual([]);
  });

  it('polls on its own once started, and stop() waits for the job in flight', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let isFinished = false;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const { worker } = workerWith({
      slow: async () => {
        markStarted();
        await released;
        isFinished = true;
      },
    });
    await enqueueJob(ctx.db, { type: 'slow', payload: {} });
    worker.start();
    await started;
    const stopped = worker.stop();
    setTimeout(release, 20);
    await stopped;
    expect(isFinished).toBe(true);
    expect(await jobRows()).toMatchObject([{ status: 'done' }]);
  });
  it('refills a freed slot at once: a slow job does not hold back the rest of a backlog', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done: string[] = [];
    const { logger } = recordingLogger();
    const worker = createJobWorker({
      db: ctx.db,
      clock: fixedClock(START),
      logger,
      batchSize: 2,
      // No poll in this test's time: only a freed slot can bring the third job in.
      pollIntervalMs: 3_600_000,
      handlers: {
        slow: async () => {
          await released;
          done.push('slow');
        },
        quick: async (payload) => {
          done.push(String((payload as { n: number }).n));
        },
      },
    });
    await enqueueJob(ctx.db, { type: 'slow', payload: {} });
    for (const n of [1, 2, 3]) await enqueueJob(ctx.db, { type: 'quick', payload: { n } });
    worker.start();
    try {
      for (let waited = 0; done.length < 3 && waited < 5_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(done).toEqual(['1', '2', '3']);
    } finally {
      release();
      await worker.stop();
    }
    expect(done).toEqual(['1', '2', '3', 'slow']);
  });
});
