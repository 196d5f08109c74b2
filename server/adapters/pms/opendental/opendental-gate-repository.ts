import type { Queryable } from '../../../db/database.ts';

/**
 * An Open Dental office's turn among the processes on one PostgreSQL database (migration 0037,
 * ADR 0071). Every time is the database's clock, the one clock all processes share.
 */

const ms = (param: string) => `(${param}::float8 * interval '1 millisecond')`;
/** No other process waits for the turn (every SET reads the row as it was, so this holds in both of them). */
const IS_UNCLAIMED = '(claimed_by is null or claimed_by = $2 or claimed_until < clock_timestamp())';

/** Makes sure the office has its row (once per process and office is enough: rows are never deleted). */
export async function ensureOfficeGate(db: Queryable, customerKey: string): Promise<void> {
  await db.query('insert into opendental_office_gates (customer_key) values ($1) on conflict do nothing', [
    customerKey,
  ]);
}

/**
 * Takes the office's turn for `owner` when nobody holds it, its next start has come and no other
 * process waits before it; the next start is then `intervalMs` after now and the turn lapses after
 * `holdMs`. Otherwise `owner` becomes the waiting process when none is, and learns how long to wait.
 */
export async function takeOfficeTurn(
  db: Queryable,
  customerKey: string,
  owner: string,
  timing: { intervalMs: number; holdMs: number; claimMs: number },
): Promise<{ isTaken: true } | { isTaken: false; isHeld: boolean; waitMs: number }> {
  const taken = await db.query(
    `update opendental_office_gates
        set holder = $2, held_until = clock_timestamp() + ${ms('$4')},
            next_start_at = clock_timestamp() + ${ms('$3')}, claimed_by = null, claimed_until = null
      where customer_key = $1 and (holder is null or held_until < clock_timestamp())
        and next_start_at <= clock_timestamp()
        and ${IS_UNCLAIMED}
      returning customer_key`,
    [customerKey, owner, timing.intervalMs, timing.holdMs],
  );
  if (taken.length > 0) return { isTaken: true };
  const [state] = await db.query<{ is_held: boolean; wait_ms: number }>(
    `update opendental_office_gates
        set claimed_by = case when ${IS_UNCLAIMED} then $2 else claimed_by end,
            claimed_until = case when ${IS_UNCLAIMED} then greatest(next_start_at, clock_timestamp()) + ${ms('$3')}
                                 else claimed_until end
      where customer_key = $1
      returning holder is not null and held_until >= clock_timestamp() as is_held,
                greatest(0, extract(epoch from next_start_at - clock_timestamp()) * 1000)::float8 as wait_ms`,
    [customerKey, owner, timing.claimMs],
  );
  return { isTaken: false, isHeld: state?.is_held ?? false, waitMs: Number(state?.wait_ms ?? 0) };
}

/** `owner`'s turn ends; the office's next request starts no sooner than `waitMs` from now. */
export async function endOfficeTurn(db: Queryable, customerKey: string, owner: string, waitMs: number): Promise<void> {
  await db.query(
    `update opendental_office_gates
        set holder = null, held_until = null,
            next_start_at = greatest(next_start_at, clock_timestamp() + ${ms('$3')})
      where customer_key = $1 and holder = $2`,
    [customerKey, owner, waitMs],
  );
}

/** No request of the office starts sooner than `waitMs` from now, whoever holds its turn (a 429's Retry-After). */
export async function pauseOffice(db: Queryable, customerKey: string, waitMs: number): Promise<void> {
  await db.query(
    `update opendental_office_gates set next_start_at = greatest(next_start_at, clock_timestamp() + ${ms('$2')})
      where customer_key = $1`,
    [customerKey, waitMs],
  );
}
