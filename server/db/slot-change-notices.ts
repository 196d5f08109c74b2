import { notifyOnCommit } from './commit-notices.ts';
import type { Queryable } from './database.ts';

/** The channel on which a change to what a practice offers reaches every process (ADR 0033). */
export const SLOT_CHANGES_CHANNEL = 'slot_changes';

/**
 * Tells every process that these practices' slots changed, for their slot caches, when `tx` commits: other processes
 * by `pg_notify` (PostgreSQL sends it only on commit: none for a rollback, none lost to a crash between commit and
 * notice), this one at once after the commit (commit-notices.ts). One caller: the writer of the booking and practice
 * events (ADR 0069), so no writer wires it by hand.
 */
export async function announceSlotChangesOnCommit(tx: Queryable, practiceIds: Iterable<string>): Promise<void> {
  for (const id of new Set(practiceIds)) await notifyOnCommit(tx, SLOT_CHANGES_CHANNEL, id);
}
