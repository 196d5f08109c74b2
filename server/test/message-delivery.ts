import { createOutboxMailAdapter } from '../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../adapters/sms/outbox-sms-adapter.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../jobs/message-jobs.ts';

const silent = { warn: () => undefined, error: () => undefined };

/** Runs the due message jobs once into the outbox, as the worker would: tests then read `outbox_messages`. */
export async function deliverDueMessages(db: Database, clock: Clock): Promise<void> {
  const worker = createJobWorker({
    db,
    clock,
    handlers: createMessageJobHandlers({ mail: createOutboxMailAdapter(db), sms: createOutboxSmsAdapter(db) }),
    logger: silent,
  });
  await worker.runDueJobs();
}

/**
 * Runs every due job with `handlers` (the app's `background.jobHandlers`, say) until none is due: what the worker
 * process would do meanwhile.
 */
export async function runJobsUntilIdle(
  db: Database,
  clock: Clock,
  handlers: Parameters<typeof createJobWorker>[0]['handlers'],
): Promise<void> {
  const worker = createJobWorker({ db, clock, handlers, logger: silent });
  while ((await worker.runDueJobs()) > 0);
}
