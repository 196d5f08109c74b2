import type { Queryable } from '../../db/database.ts';

/** Spends a recovery code: true once per code, false for a wrong or used one. */
export async function useRecoveryCode(db: Queryable, accountId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update staff_recovery_codes set used_at = $3 where account_id = $1 and code_hash = $2 and used_at is null returning code_hash`,
    [accountId, codeHash, at.toISOString()],
  );
  return rows.length > 0;
}
