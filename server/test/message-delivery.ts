import { createOutboxMailAdapter } from '../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../adapters/sms/outbox-sms-adapter.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { JobHandler } from '../jobs/job-queue.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../jobs/message-jobs.ts';

const silent = { warn: () => undefined, error: () => undefined };

const outboxMessageHandlers = (db: Database) =>
  createMessageJobHandlers({ mail: createOutboxMailAdapter(db), sms: createOutboxSmsAdapter(db) });

/**
 * Runs the due message jobs once into the outbox, as the worker would: tests then read
 * `outbox_messages`. Returns how many jobs ran.
 */
export async function deliverDueMessages(db: Database, clock: Clock): Promise<number> {
  const worker = createJobWorker({ db, clock, handlers: outboxMessageHandlers(db), logger: silent });
  return worker.runDueJobs();
}

/**
 * Runs the worker until nothing is due (20 passes at most), with the message jobs on the outbox
 * adapters and `handlers` over them (the app's `background.jobHandlers`, a review job, a real SMS adapter).
 */
export async function runJobsUntilIdle(
  db: Database,
  clock: Clock,
  handlers: Record<string, JobHandler> = {},
): Promise<void> {
  const worker = createJobWorker({
    db,
    clock,
    handlers: { ...outboxMessageHandlers(db), ...handlers },
    logger: silent,
  });
  for (let pass = 0; pass < 20 && (await worker.runDueJobs()) > 0; pass++);
}
