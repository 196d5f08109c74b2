import type { Queryable } from '../../db/database.ts';

/** Records a solution as used; false when it was used before (a replay). */
export async function markChallengeUsed(tx: Queryable, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await tx.query(
    'insert into used_bot_challenges (signature, expires_at) values ($1, $2) on conflict (signature) do nothing ' +
      'returning signature',
    [signature, expiresAt.toISOString()],
  );
  return rows.length === 1;
}

/** Used solutions only matter until they expire; after that the signature check refuses them. */
export async function deleteExpiredChallenges(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from used_bot_challenges where expires_at < $1', [now.toISOString()]);
}
