import type { Queryable } from '../../../db/database.ts';

/** Spends a recovery code: true once per code, false for a wrong or used one. */
export async function useRecoveryCode(db: Queryable, accountId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update staff_recovery_codes set used_at = $3 where account_id = $1 and code_hash = $2 and used_at is null
      returning code_hash`,
    [accountId, codeHash, at.toISOString()],
  );
  return rows.length > 0;
}

/**
 * Spends an app code's time step: true when it is later than the last one this account used, so the
 * same code (or an older one) never signs in twice, however close together the attempts (ADR 0040).
 */
export async function useTotpStep(db: Queryable, accountId: string, step: number): Promise<boolean> {
  const rows = await db.query(
    `update staff_accounts set totp_last_step = $2
      where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
    [accountId, step],
  );
  return rows.length > 0;
}
