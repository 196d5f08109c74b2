import { DEFAULT_LEASE_MS, runJobAttempt, type JobAttemptOutcome, type JobWorkerOptions } from './job-worker.ts';
import { cancelQueuedJob, claimQueuedJob } from './jobs-repository.ts';

/** `pending`: the attempt is still running after the wait; it finishes (or is retried) on its own. */
export type RunNowOutcome = ((JobAttemptOutcome | { status: 'pending' }) & { jobId: string }) | { status: 'not-found' };

export interface JobRunNow {
  /** Runs the queued job with this dedupe key at once, waiting at most `waitMs` for its outcome. */
  run(dedupeKey: string, waitMs: number): Promise<RunNowOutcome>;
  /** Ends a job queued for a retry: its caller has told the person it failed (ADR 0021). */
  cancel(jobId: string, reason: string): Promise<void>;
}

/**
 * The first attempt of a job, run by the request that queued it rather than by the next worker
 * pass, so the request can answer with the outcome (ADR 0021). The job stays in the table: a
 * process that dies before or during the attempt leaves it to the workers, as any other job.
 */
export function createJobRunNow(
  options: Pick<JobWorkerOptions, 'db' | 'clock' | 'handlers' | 'logger' | 'random'>,
): JobRunNow {
  const { db, clock } = options;
  return {
    async run(dedupeKey, waitMs) {
      const now = clock.now();
      const job = await claimQueuedJob(db, { dedupeKey, now, leaseUntil: new Date(now.getTime() + DEFAULT_LEASE_MS) });
      if (!job) return { status: 'not-found' };
      const attempt = runJobAttempt(options, job).then(
        (outcome): RunNowOutcome => ({ ...outcome, jobId: job.id }),
        // Recording the outcome failed (the database went away): the lease expires and a worker retries.
        (): RunNowOutcome => ({ status: 'pending', jobId: job.id }),
      );
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<RunNowOutcome>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'pending', jobId: job.id }), waitMs);
      });
      try {
        return await Promise.race([attempt, waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    async cancel(jobId, reason) {
      await cancelQueuedJob(db, { id: jobId, now: clock.now(), error: reason });
    },
  };
}
