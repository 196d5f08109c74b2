import type { Queryable } from '#server/db/database.ts';

export interface FollowedJob {
  /** For each failed attempt, how long the worker waited before the next one (run_at − updated_at). */
  delaysMs: number[];
  errors: string[];
  status: string;
  attempts: number;
}

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  run_at: Date | null;
  updated_at: Date;
  last_error: string | null;
}

/** The id of the job that `where` selects, once it exists (bounded wait). */
export async function jobIdWhere(db: Queryable, where: string, params: unknown[] = []): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [row] = await db.query<{ id: string }>(`select id from jobs where ${where}`, params);
    if (row) return row.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no job where ${where}`);
}

/**
 * Watches one job until it is done or failed, noting each failed attempt's back-off as the worker
 * scheduled it, and calling `onFailure` with the attempt number, so a test can end an outage
 * after a chosen number of failures.
 */
export async function followJob(
  db: Queryable,
  id: string,
  options: { timeoutMs: number; onFailure?: (attempt: number) => void },
): Promise<FollowedJob> {
  const followed: FollowedJob = { delaysMs: [], errors: [], status: 'queued', attempts: 0 };
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await db.query<JobRow>(
      'select id, status, attempts, run_at, updated_at, last_error from jobs where id = $1',
      [id],
    );
    if (!row) throw new Error(`job ${id} is gone`);
    followed.status = row.status;
    followed.attempts = row.attempts;
    if (row.status === 'queued' && row.attempts > followed.delaysMs.length && row.run_at) {
      followed.delaysMs.push(new Date(row.run_at).getTime() - new Date(row.updated_at).getTime());
      followed.errors.push(row.last_error ?? '');
      options.onFailure?.(row.attempts);
    }
    if (row.status === 'done' || row.status === 'failed') return followed;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return followed;
}
