import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Queryable } from '../../../db/database.ts';

export interface LivePasswordLinkRow {
  account_id: string;
  email: string;
  role: StaffRole;
  purpose: 'invite' | 'reset';
}

/** A link that has not been used, has not expired, and whose account is active. */
export async function findLivePasswordLink(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<LivePasswordLinkRow | null> {
  const [row] = await db.query<LivePasswordLinkRow>(
    `select l.account_id, a.email, a.role, l.purpose
       from staff_password_links l join staff_accounts a on a.id = l.account_id and a.deactivated_at is null
      where l.token_hash = $1 and l.used_at is null and l.expires_at > $2`,
    [tokenHash, now.toISOString()],
  );
  return row ?? null;
}

/**
 * Spends the link and every other open link of its account (a new password makes an older
 * invitation or reset moot). False when the link was spent meanwhile: a link works once.
 */
export async function spendPasswordLinks(
  tx: Queryable,
  tokenHash: string,
  accountId: string,
  now: Date,
): Promise<boolean> {
  const spent = await tx.query(
    `update staff_password_links set used_at = $3 where token_hash = $1 and account_id = $2 and used_at is null
      and expires_at > $3 returning token_hash`,
    [tokenHash, accountId, now.toISOString()],
  );
  if (spent.length === 0) return false;
  await spendOpenPasswordLinks(tx, accountId, now);
  return true;
}

/** Reset links minted for an account since `since` (the cap on reset e-mails). */
export async function countResetLinksSince(db: Queryable, accountId: string, since: Date): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from staff_password_links where account_id = $1 and purpose = 'reset'
      and created_at > $2`,
    [accountId, since.toISOString()],
  );
  return row?.count ?? 0;
}

/** Serialises the requests that mint links for one account, so the cap holds under concurrency. */
export async function lockAccount(tx: Queryable, accountId: string): Promise<void> {
  await tx.query(`select id from staff_accounts where id = $1 for update`, [accountId]);
}

/** The practices an account belongs to, for the audit rows of what it does without a session. */
export async function listAccountPracticeIds(db: Queryable, accountId: string): Promise<string[]> {
  const rows = await db.query<{ practice_id: string }>(
    `select practice_id from staff_memberships where account_id = $1 order by created_at, practice_id`,
    [accountId],
  );
  return rows.map((row) => row.practice_id);
}

/** A deactivated account's open links die with it, so reactivating it does not revive them. */
export async function spendOpenPasswordLinks(tx: Queryable, accountId: string, now: Date): Promise<void> {
  await tx.query(`update staff_password_links set used_at = $2 where account_id = $1 and used_at is null`, [
    accountId,
    now.toISOString(),
  ]);
}
