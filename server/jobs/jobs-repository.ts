import { valuesPlaceholders, type Queryable } from '../db/database.ts';

export interface NewJob {
  type: string;
  payload: unknown;
  /** Absent: due as soon as a worker polls. */
  runAt?: Date | undefined;
  dedupeKey?: string | undefined;
  maxAttempts?: number | undefined;
  /** No attempt starts at or after this; the job then fails as expired. */
  expiresAt?: Date | undefined;
  /** Top-level payload keys removed when the job is done or failed (a one-time code, say). */
  secretKeys?: readonly string[] | undefined;
}

/** A job a worker holds the lease on; `attempts` already counts this run. */
export interface ClaimedJob {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  expiresAt: Date | null;
}

const DEFAULT_MAX_ATTEMPTS = 8;

type ClaimedJobRow = {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  expires_at: Date | null;
};

const toClaimedJob = (row: ClaimedJobRow): ClaimedJob => ({
  id: row.id,
  type: row.type,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
});

// The payload without its secret keys; `-` on a scalar payload would raise, so only objects lose keys.
const SCRUBBED_PAYLOAD = `case when cardinality(secret_keys) > 0
    and jsonb_typeof(payload) = 'object' then payload - secret_keys else payload end`;

/**
 * Jobs in one statement (ADR 0078); a job with a `dedupeKey` that is already stored (in any status), or that an
 * earlier job of the same list has, is not inserted again.
 */
export async function insertJobs(db: Queryable, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db.query(
    `insert into jobs (type, payload, run_at, dedupe_key, max_attempts, expires_at, secret_keys)
     values ${valuesPlaceholders(jobs.length, ['', '::jsonb', '', '', '', '', '::text[]'])}
     on conflict (dedupe_key) do nothing`,
    // Stringified by hand: the pg driver would turn a top-level array into a PostgreSQL array.
    jobs.flatMap((job) => [
      job.type,
      JSON.stringify(job.payload ?? null),
      job.runAt ?? null,
      job.dedupeKey ?? null,
      job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      job.expiresAt ?? null,
      [...(job.secretKeys ?? [])],
    ]),
  );
}

/**
 * Takes up to `limit` due jobs: queued ones whose time has come, and running ones whose lease
 * expired (their worker crashed or stopped). SKIP LOCKED lets concurrent workers take disjoint
 * rows; a row another worker claimed meanwhile fails the re-checked WHERE and is skipped.
 */
export async function claimDueJobs(
  db: Queryable,
  claim: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedJob[]> {
  const rows = await db.query<ClaimedJobRow>(
    `update jobs set status = 'running', attempts = attempts + 1, locked_until = $2, updated_at = $1
     where id in (
       select id from jobs
       where ((status = 'queued' and (run_at is null or run_at <= $1))
          or (status = 'running' and locked_until <= $1 and attempts < max_attempts))
         and (expires_at is null or expires_at > $1)
       order by run_at nulls first, created_at
       limit $3
       for update skip locked)
     returning id, type, payload, attempts, max_attempts, expires_at`,
    [claim.now, claim.leaseUntil, claim.limit],
  );
  return rows.map(toClaimedJob);
}

/**
 * Takes one queued job by its dedupe key whatever its run_at, for a caller that runs it at once
 * (a one-time code's first attempt, ADR 0021). Null when a worker has it or it is finished.
 */
export async function claimQueuedJob(
  db: Queryable,
  claim: { dedupeKey: string; now: Date; leaseUntil: Date },
): Promise<ClaimedJob | null> {
  const [row] = await db.query<ClaimedJobRow>(
    `update jobs set status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2
     where dedupe_key = $1 and status = 'queued' and (expires_at is null or expires_at > $2)
     returning id, type, payload, attempts, max_attempts, expires_at`,
    [claim.dedupeKey, claim.now, claim.leaseUntil],
  );
  return row ? toClaimedJob(row) : null;
}

/** Ends a queued job without another attempt (its caller gave up on it), scrubbing its secret. */
export async function cancelQueuedJob(db: Queryable, job: { id: string; now: Date; error: string }): Promise<boolean> {
  const rows = await db.query(
    `update jobs set status = 'failed', locked_until = null, last_error = $3, updated_at = $2,
      payload = ${SCRUBBED_PAYLOAD}
     where id = $1 and status = 'queued' returning id`,
    [job.id, job.now, job.error],
  );
  return rows.length > 0;
}

/** Running jobs whose lease expired on their last attempt: nobody will finish them, so they fail. */
export async function failAbandonedJobs(db: Queryable, now: Date): Promise<{ id: string; type: string }[]> {
  return db.query<{ id: string; type: string }>(
    `update jobs set status = 'failed', locked_until = null, updated_at = $1, payload = ${SCRUBBED_PAYLOAD},
       last_error = 'The worker stopped during the last attempt (lease expired).'
     where status = 'running' and locked_until <= $1 and attempts >= max_attempts
     returning id, type`,
    [now],
  );
}

/**
 * Unfinished jobs past their deadline (queued, or running on an expired lease): no attempt may
 * start any more, so they fail and lose their secret. A running job still within its lease
 * finishes (or fails) on its own and is scrubbed then.
 */
export async function failExpiredJobs(db: Queryable, now: Date): Promise<{ id: string; type: string }[]> {
  return db.query<{ id: string; type: string }>(
    `update jobs set status = 'failed', locked_until = null, updated_at = $1, payload = ${SCRUBBED_PAYLOAD},
       last_error = 'Expired before it could be completed.'
     where expires_at <= $1
       and (status = 'queued' or (status = 'running' and locked_until <= $1))
     returning id, type`,
    [now],
  );
}

/**
 * The finishing updates match `attempts` as a fencing token: a worker whose lease expired and
 * was taken over must not overwrite the newer attempt's outcome. They return false then.
 */
/** `note`: why a done job did nothing (SkippedJob), kept in last_error; null otherwise. */
export async function markJobDone(
  db: Queryable,
  job: { id: string; attempt: number; now: Date; note?: string | null },
): Promise<boolean> {
  const rows = await db.query(
    `update jobs set status = 'done', locked_until = null, last_error = $4, updated_at = $3,
      payload = ${SCRUBBED_PAYLOAD}
     where id = $1 and attempts = $2 and status = 'running' returning id`,
    [job.id, job.attempt, job.now, job.note ?? null],
  );
  return rows.length > 0;
}

export async function scheduleJobRetry(
  db: Queryable,
  job: { id: string; attempt: number; now: Date; runAt: Date; error: string },
): Promise<boolean> {
  const rows = await db.query(
    `update jobs set status = 'queued', locked_until = null, run_at = $4, last_error = $5, updated_at = $3
     where id = $1 and attempts = $2 and status = 'running' returning id`,
    [job.id, job.attempt, job.now, job.runAt, job.error],
  );
  return rows.length > 0;
}

/** Queues a claimed job again for later without counting the attempt it was claimed for (JobNotReadyError). */
export async function deferJob(db: Queryable, job: { id: string; attempt: number; now: Date; runAt: Date }) {
  const rows = await db.query(
    `update jobs set status = 'queued', locked_until = null, run_at = $4, attempts = attempts - 1, updated_at = $3
     where id = $1 and attempts = $2 and status = 'running' returning id`,
    [job.id, job.attempt, job.now, job.runAt],
  );
  return rows.length > 0;
}

/** A job's status and due time by its dedupe key, or null when no such job was queued. */
export async function findJobByKey(
  db: Queryable,
  dedupeKey: string,
): Promise<{ status: 'queued' | 'running' | 'done' | 'failed'; run_at: Date | null } | null> {
  const [row] = await db.query<{ status: 'queued' | 'running' | 'done' | 'failed'; run_at: Date | null }>(
    `select status, run_at from jobs where dedupe_key = $1`,
    [dedupeKey],
  );
  return row ?? null;
}

export async function markJobFailed(
  db: Queryable,
  job: { id: string; attempt: number; now: Date; error: string },
): Promise<boolean> {
  const rows = await db.query(
    `update jobs set status = 'failed', locked_until = null, last_error = $4, updated_at = $3,
      payload = ${SCRUBBED_PAYLOAD}
     where id = $1 and attempts = $2 and status = 'running' returning id`,
    [job.id, job.attempt, job.now, job.error],
  );
  return rows.length > 0;
}

/**
 * The latest unfinished job before `sequence` among the jobs keyed `${prefix}${n}` (n a number): what a job of a
 * sequence waits for when the numbers have gaps (a subscriber queues no job for events it does not act on).
 */
export async function findUnfinishedEarlierJob(
  db: Queryable,
  prefix: string,
  sequence: number,
): Promise<{ status: 'queued' | 'running'; run_at: Date | null } | null> {
  const [row] = await db.query<{ status: 'queued' | 'running'; run_at: Date | null }>(
    `select status, run_at from jobs
      where dedupe_key like $1 || '%' and status in ('queued', 'running')
        and substr(dedupe_key, length($1) + 1) ~ '^[0-9]+$' and substr(dedupe_key, length($1) + 1)::int < $2
      order by substr(dedupe_key, length($1) + 1)::int desc limit 1`,
    [prefix, sequence],
  );
  return row ?? null;
}
