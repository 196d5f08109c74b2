import type { Clock } from '../clock.ts';
import type { JobHandler } from '../jobs/job-queue.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createJobRunNow } from '../jobs/run-job-now.ts';
import type { TestAppContext } from './test-app.ts';

const silent = { warn: () => undefined, error: () => undefined };

/**
 * Runs the app's own job handlers (messages, reminders, refunds, Open Dental writes) until nothing
 * is due at the clock's time, as the worker in `main.ts` would; returns how many jobs ran.
 */
export async function runAppJobs(ctx: Pick<TestAppContext, 'app' | 'db'>, clock: Clock): Promise<number> {
  const worker = createJobWorker({ db: ctx.db, clock, handlers: ctx.app.background.jobHandlers, logger: silent });
  let ran = 0;
  for (let done = await worker.runDueJobs(); done > 0; done = await worker.runDueJobs()) ran += done;
  return ran;
}

/**
 * Runs the booking events' subscriber jobs that are due (ADR 0069), oldest first, as a worker that polls at once
 * would: API tests call it after each request (`createTestApp`), so a test reads a change's reminders and Open
 * Dental jobs right after the change. A subscriber that fails is left to its retry.
 */
export async function runSubscriberJobs(
  ctx: Pick<TestAppContext, 'app' | 'db'>,
  clock: Clock,
  handlers: Record<string, JobHandler> = ctx.app.background.jobHandlers,
): Promise<number> {
  const runNow = createJobRunNow({ db: ctx.db, clock, handlers, logger: silent });
  let ran = 0;
  // Bounded: a job that waits on a running one is due again at once, and must not loop for ever.
  for (let pass = 0; pass < 20; pass += 1) {
    const due = await ctx.db.query<{ dedupe_key: string }>(
      `select dedupe_key from jobs where status = 'queued' and type like 'booking-event:%'
          and (run_at is null or run_at <= $1) order by created_at, dedupe_key`,
      [clock.now()],
    );
    if (due.length === 0) break;
    for (const { dedupe_key } of due) {
      await runNow.run(dedupe_key, 60_000);
      ran += 1;
    }
  }
  return ran;
}
