import type { Queryable } from '../../../db/database.ts';

export async function setPendingTotpSecret(db: Queryable, accountId: string, secret: string, at: Date): Promise<void> {
  await db.query(`update staff_accounts set totp_pending_secret = $2, updated_at = $3 where id = $1`, [
    accountId,
    secret,
    at.toISOString(),
  ]);
}

export async function findTotpState(
  db: Queryable,
  accountId: string,
): Promise<{ totp_pending_secret: string | null; totp_enabled: boolean } | null> {
  const [row] = await db.query<{ totp_pending_secret: string | null; totp_enabled: boolean }>(
    `select totp_pending_secret, totp_enabled_at is not null as totp_enabled from staff_accounts where id = $1`,
    [accountId],
  );
  return row ?? null;
}

/**
 * The pending secret becomes the one in use, and the recovery codes (hashes) replace any older
 * ones. False when the pending secret changed meanwhile (another tab started over).
 */
export async function enableTotp(
  tx: Queryable,
  accountId: string,
  secret: string,
  recoveryCodeHashes: string[],
  at: Date,
  /** The step of the code that proved the app: it is spent, like a code used to sign in. */
  usedStep: number,
): Promise<boolean> {
  const rows = await tx.query(
    `update staff_accounts set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_enabled_at = $3,
            totp_last_step = $4, updated_at = $3
      where id = $1 and totp_pending_secret = $2 and totp_enabled_at is null returning id`,
    [accountId, secret, at.toISOString(), usedStep],
  );
  if (rows.length === 0) return false;
  await tx.query(`delete from staff_recovery_codes where account_id = $1`, [accountId]);
  for (const codeHash of recoveryCodeHashes) {
    await tx.query(`insert into staff_recovery_codes (account_id, code_hash) values ($1, $2)`, [accountId, codeHash]);
  }
  return true;
}

/**
 * An owner's reset: the secret in use, any pending one and every recovery code go, so the account
 * signs in with its password alone and, where the practice requires a second factor, sets up a new one.
 */
export async function clearSecondFactor(tx: Queryable, accountId: string, at: Date): Promise<void> {
  await tx.query(
    `update staff_accounts set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null,
            totp_last_step = null, updated_at = $2 where id = $1`,
    [accountId, at.toISOString()],
  );
  await tx.query(`delete from staff_recovery_codes where account_id = $1`, [accountId]);
}
