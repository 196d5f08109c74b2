import type { Database, Queryable } from './database.ts';

/** The channel on which a change to what a practice offers reaches every process (ADR 0033). */
export const SLOT_CHANGES_CHANNEL = 'slot_changes';

/**
 * Tells every process that these practices' slots changed, for their slot caches. Call it inside
 * the transaction that makes the change: PostgreSQL sends the notice only when it commits (none
 * for a rollback, and none lost to a crash between commit and notice). The calling process clears
 * its own cache itself after the commit, without waiting for the notice. On PGlite, one process's
 * embedded database, there is nobody else to tell.
 */
export async function announceSlotChanges(
  db: Pick<Database, 'kind'>,
  tx: Queryable,
  practiceIds: Iterable<string>,
): Promise<void> {
  const ids = [...new Set(practiceIds)];
  if (db.kind === 'pglite' || ids.length === 0) return;
  await tx.query(`select pg_notify('${SLOT_CHANGES_CHANNEL}', id) from unnest($1::text[]) as id`, [ids]);
}
