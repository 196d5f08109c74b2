import type { Queryable } from '../db/database.ts';

export interface RateLimitCount {
  count: number;
  windowEndsAt: Date;
}

/**
 * Counts one request against `key` in a fixed window, atomically: the upsert's row lock orders
 * simultaneous requests from several processes, so each gets its own count.
 */
export async function countRequest(db: Queryable, key: string, now: Date, windowMs: number): Promise<RateLimitCount> {
  const [row] = await db.query<{ count: number; window_ends_at: Date }>(
    `insert into rate_limit_counters as c (key, count, window_ends_at) values ($1, 1, $3)
     on conflict (key) do update set
       count = case when c.window_ends_at <= $2 then 1 else c.count + 1 end,
       window_ends_at = case when c.window_ends_at <= $2 then excluded.window_ends_at else c.window_ends_at end
     returning count, window_ends_at`,
    [key, now, new Date(now.getTime() + windowMs)],
  );
  return { count: row!.count, windowEndsAt: new Date(row!.window_ends_at) };
}

/** Forgets windows that have ended; returns how many. */
export async function deleteEndedWindows(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query('delete from rate_limit_counters where window_ends_at <= $1 returning key', [now]);
  return rows.length;
}
