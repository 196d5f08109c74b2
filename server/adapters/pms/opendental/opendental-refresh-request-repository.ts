import type { Queryable } from '../../../db/database.ts';

/**
 * "Refresh from Open Dental" (migration 0046, ADR 0084): the request is a column of the mirror's state row, so that
 * it reaches the process holding the sync lease whichever process got the click.
 */
export async function requestMirrorRefresh(db: Queryable, practiceId: string, at: Date): Promise<void> {
  await db.query(
    `insert into opendental_mirror_state (practice_id, refresh_requested_at) values ($1, $2)
       on conflict (practice_id) do update set refresh_requested_at = excluded.refresh_requested_at`,
    [practiceId, at.toISOString()],
  );
}

/**
 * Takes up a waiting request, for the lease's holder only: true when there was one (it is cleared, so one click
 * is one forced pass; a click during that pass waits for the next tick).
 */
export async function claimMirrorRefresh(db: Queryable, practiceId: string, owner: string): Promise<boolean> {
  const rows = await db.query(
    `update opendental_mirror_state set refresh_requested_at = null
      where practice_id = $1 and lease_owner = $2 and refresh_requested_at is not null
      returning practice_id`,
    [practiceId, owner],
  );
  return rows.length > 0;
}
