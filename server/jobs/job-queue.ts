import { notifyOnCommit } from '../db/commit-notices.ts';
import type { Queryable } from '../db/database.ts';
import { insertJobs, type NewJob } from './jobs-repository.ts';

/** This process's commits that queued a job due now: its worker runs a pass at once (ADR 0069). */
export const JOBS_DUE_CHANNEL = 'jobs_due';

export interface JobContext {
  /** Stable across retries: a good idempotency key for whatever the job sends. */
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  isLastAttempt: boolean;
}

/**
 * A job that is done without doing its work, on purpose (a text to someone who opted out): the
 * reason stays on the job for operators, where a failure would raise an alarm.
 */
export interface SkippedJob {
  skipped: string;
}

/** Resolves when the work is done (or skipped); throws to be retried (or PermanentJobError to stop). */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void | SkippedJob>;

/** Thrown by a handler when retrying cannot help (bad payload, recipient refused). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Thrown by a handler whose job must wait for another (a subscriber's job for a booking's earlier event, ADR 0069):
 * the job is queued again for `runAt` without counting the attempt, so waiting never uses up its tries.
 */
export class JobNotReadyError extends Error {
  override name = 'JobNotReadyError';
  constructor(
    message: string,
    readonly runAt: Date,
  ) {
    super(message);
  }
}

/**
 * Queues background work. Call it with the transaction that makes the change the job is about,
 * so both commit or neither does; a job whose `dedupeKey` is already queued (or done) is ignored.
 */
export async function enqueueJob(tx: Queryable, job: NewJob): Promise<void> {
  await enqueueJobs(tx, [job]);
}

/** Several jobs in one statement (ADR 0078): each as `enqueueJob` would queue it. */
export async function enqueueJobs(tx: Queryable, jobs: readonly NewJob[]): Promise<void> {
  for (const job of jobs) {
    if (!job.type) throw new Error('A job needs a type');
    if (job.maxAttempts !== undefined && !(Number.isInteger(job.maxAttempts) && job.maxAttempts > 0)) {
      throw new Error(`maxAttempts must be a positive integer, got ${job.maxAttempts}`);
    }
    if (job.runAt !== undefined && Number.isNaN(job.runAt.getTime())) throw new Error('runAt is an invalid date');
  }
  if (jobs.length === 0) return;
  await insertJobs(tx, jobs);
  // A job due now wakes this process's worker when the transaction commits, rather than at its next poll.
  if (jobs.some((job) => job.runAt === undefined)) {
    await notifyOnCommit(tx, JOBS_DUE_CHANNEL, 'due', { isLocal: true });
  }
}
