import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { retryDelayMs } from './job-backoff.ts';
import { onCommitNotice } from '../db/commit-notices.ts';
import { JOBS_DUE_CHANNEL, JobNotReadyError, PermanentJobError, type JobHandler } from './job-queue.ts';
import {
  claimDueJobs,
  deferJob,
  failAbandonedJobs,
  failExpiredJobs,
  markJobDone,
  markJobFailed,
  scheduleJobRetry,
  type ClaimedJob,
} from './jobs-repository.ts';

/** The subset of pino (Fastify's `app.log`) the worker uses. */
export interface JobLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Queryable;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  logger: JobLogger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claim lasts; handlers must finish well within it or their job may run twice. */
  leaseMs?: number;
  /** For back-off jitter; tests pass a constant. */
  random?: () => number;
}

export interface JobWorker {
  start(): void;
  /**
   * A job may be due now (a commit queued one): a pass at once, or right after the one under way, instead of at the
   * next poll, which stays as the fallback (other processes' jobs, retries coming due).
   */
  wake(): void;
  /** Stops polling and waits for the jobs in flight. */
  stop(): Promise<void>;
  /** One pass: claims and runs the due jobs; returns how many it claimed. */
  runDueJobs(): Promise<number>;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
// A wake-up waits this long, so a burst of commits (a checkout's, ten confirmations) is one pass, not one each.
const WAKE_DELAY_MS = 25;
// last_error is for operators; a long provider response adds nothing after this.
const MAX_ERROR_LENGTH = 1_000;

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const batchSize = options.batchSize ?? 10;
  const steps = jobSteps(options);
  const passes = new Set<Promise<number>>();

  /** One whole pass, awaited: sweeps, claims a batch and runs it to the end. */
  async function pass(): Promise<number> {
    await steps.sweep();
    const jobs = await steps.claim(batchSize);
    await Promise.all(jobs.map(steps.run));
    return jobs.length;
  }

  function runDueJobs(): Promise<number> {
    const running = pass();
    passes.add(running);
    void running.catch(() => undefined).finally(() => passes.delete(running));
    return running;
  }

  const loop = createWorkerLoop(steps, { batchSize, pollIntervalMs: options.pollIntervalMs ?? 1_000 }, options.logger);
  return {
    start: loop.start,
    wake: loop.wake,
    async stop() {
      await Promise.allSettled([loop.stop(), ...passes]);
    },
    runDueJobs,
  };
}

type JobSteps = ReturnType<typeof jobSteps>;

function jobSteps(options: JobWorkerOptions) {
  const { db, clock, logger } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return {
    async sweep(): Promise<void> {
      const now = clock.now();
      for (const job of await failAbandonedJobs(db, now)) {
        logger.error({ jobId: job.id, jobType: job.type }, 'Job failed: its worker stopped during the last attempt');
      }
      for (const job of await failExpiredJobs(db, now)) {
        logger.error({ jobId: job.id, jobType: job.type }, 'Job failed: it expired before it could be completed');
      }
    },
    async claim(limit: number): Promise<ClaimedJob[]> {
      const now = clock.now();
      return claimDueJobs(db, { now, leaseUntil: new Date(now.getTime() + leaseMs), limit });
    },
    // One job's bookkeeping failing must not stop the others or the loop.
    async run(job: ClaimedJob): Promise<void> {
      try {
        await runJobAttempt(options, job);
      } catch (error) {
        // not patient-facing (a log line)
        logger.error({ error: messageOf(error) }, 'Could not record a job outcome; it runs again when its lease ends');
      }
    },
  };
}

/**
 * The running worker: up to `batchSize` jobs at once, each slot refilled as it frees, so a backlog drains at the pace
 * of its jobs rather than of each batch's slowest one. The poll stays as the fallback (other processes' jobs, retries
 * coming due); sweeps run once a poll interval of real time (a test's clock may stand still).
 */
function createWorkerLoop(steps: JobSteps, limits: { batchSize: number; pollIntervalMs: number }, logger: JobLogger) {
  const { batchSize, pollIntervalMs } = limits;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let isRunning = false;
  let isInPass = false;
  let isWokenInPass = false;
  let isWakePending = false;
  // The last claim filled every free slot, so more may be due: claim again as soon as a slot frees.
  let isMoreDue = false;
  let lastSweepAt = -Infinity;
  // The last tick, so stop() waits for the jobs a claim under way is about to start.
  let ticking: Promise<void> = Promise.resolve();
  // Bumped by stop(), so a pass still in flight from before does not revive an old loop.
  let generation = 0;

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    const current = generation;
    timer = setTimeout(() => {
      ticking = tick(current);
    }, delayMs);
    timer.unref();
  }

  function onJobSettled(current: number): void {
    if (!isMoreDue || !isRunning || current !== generation) return;
    if (isInPass) isWokenInPass = true;
    else {
      isMoreDue = false;
      // A wake-up before this tick adds nothing: the tick is sooner.
      isWakePending = true;
      schedule(0);
    }
  }

  async function tick(current: number): Promise<void> {
    const free = batchSize - inFlight.size;
    let claimed = 0;
    isInPass = true;
    isWakePending = false;
    isWokenInPass = false;
    try {
      if (performance.now() - lastSweepAt >= pollIntervalMs) {
        lastSweepAt = performance.now();
        await steps.sweep();
      }
      for (const job of free > 0 ? await steps.claim(free) : []) {
        const running = steps.run(job).finally(() => {
          inFlight.delete(running);
          onJobSettled(current);
        });
        inFlight.add(running);
        claimed += 1;
      }
    } catch (error) {
      // not patient-facing (a log line)
      logger.error({ error: messageOf(error) }, 'Job worker pass failed; trying again later');
    } finally {
      isInPass = false;
    }
    if (!isRunning || current !== generation) return;
    isMoreDue = claimed >= free;
    // A wake-up during the pass may be for a job it did not see.
    schedule(isWokenInPass ? WAKE_DELAY_MS : pollIntervalMs);
  }

  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      schedule(0);
    },
    wake() {
      // During a pass: another right after it. A pass already due soon is not put off again (no starving it).
      if (isInPass) isWokenInPass = true;
      if (!isRunning || isInPass || isWakePending) return;
      isWakePending = true;
      schedule(WAKE_DELAY_MS);
    },
    async stop() {
      isRunning = false;
      generation += 1;
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** How one attempt ended: done, queued again for a later attempt, or failed for good. */
export type JobAttemptOutcome =
  { status: 'done' } | { status: 'retrying'; error: string } | { status: 'failed'; error: string };

/**
 * Runs one attempt of a claimed job and records its outcome: the worker's path, also used by a
 * caller that runs a job at once (ADR 0021). A retryable failure is queued again with back-off
 * unless the next try would come after the job's deadline.
 */
export async function runJobAttempt(
  options: Pick<JobWorkerOptions, 'db' | 'clock' | 'handlers' | 'logger' | 'random'>,
  job: ClaimedJob,
): Promise<JobAttemptOutcome> {
  const { db, clock, handlers, logger } = options;
  const handler = Object.hasOwn(handlers, job.type) ? handlers[job.type] : undefined;
  const context = {
    jobId: job.id,
    attempt: job.attempts,
    maxAttempts: job.maxAttempts,
    isLastAttempt: job.attempts >= job.maxAttempts,
  };
  let note: string | null = null;
  try {
    if (!handler) throw new PermanentJobError(`No handler for job type "${job.type}"`);
    note = (await handler(job.payload, context))?.skipped ?? null;
  } catch (error) {
    if (error instanceof JobNotReadyError) {
      await deferJob(db, { id: job.id, attempt: job.attempts, now: clock.now(), runAt: error.runAt });
      return { status: 'retrying', error: error.message };
    }
    return recordFailure(job, error);
  }
  const isRecorded = await markJobDone(db, { id: job.id, attempt: job.attempts, now: clock.now(), note });
  // not patient-facing (a log line)
  if (!isRecorded)
    logger.warn({ jobId: job.id, jobType: job.type }, 'Job finished after its lease expired; it may have run twice');
  return { status: 'done' };

  async function recordFailure(failed: ClaimedJob, error: unknown): Promise<JobAttemptOutcome> {
    const message = messageOf(error).slice(0, MAX_ERROR_LENGTH);
    const now = clock.now();
    const details = {
      jobId: failed.id,
      jobType: failed.type,
      attempt: failed.attempts,
      maxAttempts: failed.maxAttempts,
      error: message,
    };
    if (error instanceof PermanentJobError || failed.attempts >= failed.maxAttempts) {
      await markJobFailed(db, { id: failed.id, attempt: failed.attempts, now, error: message });
      // not patient-facing (a log line)
      logger.error(details, 'Job failed for good');
      return { status: 'failed', error: message };
    }
    const runAt = new Date(now.getTime() + retryDelayMs(failed.attempts, options.random ?? Math.random));
    if (failed.expiresAt && runAt.getTime() >= failed.expiresAt.getTime()) {
      // The retry would come too late: fail now, which also removes the job's secret at once.
      await markJobFailed(db, { id: failed.id, attempt: failed.attempts, now, error: message });
      logger.error(
        { ...details, expiresAt: failed.expiresAt.toISOString() },
        'Job failed: its next retry would come after it expires',
      );
      return { status: 'failed', error: message };
    }
    await scheduleJobRetry(db, { id: failed.id, attempt: failed.attempts, now, runAt, error: message });
    logger.warn({ ...details, retryAt: runAt.toISOString() }, 'Job failed; retrying later');
    return { status: 'retrying', error: message };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Wakes `worker` whenever a commit of this process queues a job due now (ADR 0069); returns the way to stop. */
export function wakeOnQueuedJobs(db: object, worker: Pick<JobWorker, 'wake'>): () => void {
  return onCommitNotice(db, JOBS_DUE_CHANNEL, () => worker.wake());
}
