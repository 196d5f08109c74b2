import type { Clock } from '../clock.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
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
