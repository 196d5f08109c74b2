import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Queryable } from '../../../db/database.ts';

export interface StaffAccountRow {
  id: string;
  email: string;
  name: string | null;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  deactivated_at: Date | null;
}

const ACCOUNT_COLUMNS =
  'a.id, a.email, a.name, a.role, a.password_hash, a.totp_secret, a.totp_pending_secret, a.deactivated_at';

export async function findAccountByEmail(db: Queryable, email: string): Promise<StaffAccountRow | null> {
  const [row] = await db.query<StaffAccountRow>(`select ${ACCOUNT_COLUMNS} from staff_accounts a where a.email = $1`, [
    email,
  ]);
  return row ?? null;
}

export async function findAccountById(db: Queryable, accountId: string): Promise<StaffAccountRow | null> {
  const [row] = await db.query<StaffAccountRow>(`select ${ACCOUNT_COLUMNS} from staff_accounts a where a.id = $1`, [
    accountId,
  ]);
  return row ?? null;
}

/** An account of one practice (404 for any other): what an owner may manage. */
export async function findPracticeAccount(
  db: Queryable,
  practiceId: string,
  accountId: string,
): Promise<StaffAccountRow | null> {
  const [row] = await db.query<StaffAccountRow>(
    `select ${ACCOUNT_COLUMNS} from staff_accounts a join staff_memberships m on m.account_id = a.id
      where m.practice_id = $1 and a.id = $2 and a.role <> 'operator'`,
    [practiceId, accountId],
  );
  return row ?? null;
}

// Any constant: it keeps this advisory lock apart from the others (sign-in, codes, bookings).
const ADDRESS_LOCK_NAMESPACE = 381_029;

/**
 * Serialises, until the transaction ends, whatever creates an account for one address, so that two
 * practices inviting it at once find each other's account instead of colliding on its unique e-mail.
 */
export async function lockStaffAddress(tx: Queryable, email: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [ADDRESS_LOCK_NAMESPACE, email]);
}

export async function insertAccount(
  tx: Queryable,
  account: { email: string; name: string | null; role: StaffRole; at: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into staff_accounts (email, name, role, created_at, updated_at) values ($1, $2, $3, $4, $4) returning id`,
    [account.email, account.name, account.role, account.at.toISOString()],
  );
  return row!.id;
}

export async function addMembership(tx: Queryable, accountId: string, practiceId: string, at: Date): Promise<void> {
  await tx.query(
    `insert into staff_memberships (account_id, practice_id, created_at) values ($1, $2, $3) on conflict do nothing`,
    [accountId, practiceId, at.toISOString()],
  );
}

export async function setPasswordHash(tx: Queryable, accountId: string, passwordHash: string, at: Date): Promise<void> {
  await tx.query(`update staff_accounts set password_hash = $2, updated_at = $3 where id = $1`, [
    accountId,
    passwordHash,
    at.toISOString(),
  ]);
}

export interface StaffPracticeRow {
  id: string;
  name: string;
  form_url: string;
  time_zone: string;
  builtin_schedule: boolean;
  staff_idle_minutes: number;
  staff_requires_totp: boolean;
}

const PRACTICE_COLUMNS = `p.id, p.name, p.form_url, p.server_tz as time_zone,
    (p.pms->>'type') = 'builtin' as builtin_schedule, p.staff_idle_minutes, p.staff_requires_totp`;

/** The practices an account may work in, by name. */
export async function listAccountPractices(db: Queryable, accountId: string): Promise<StaffPracticeRow[]> {
  return db.query<StaffPracticeRow>(
    `select ${PRACTICE_COLUMNS} from practices p join staff_memberships m on m.practice_id = p.id
      where m.account_id = $1 order by p.name, p.form_url`,
    [accountId],
  );
}

export async function findAccountPractice(
  db: Queryable,
  accountId: string,
  practiceId: string,
): Promise<StaffPracticeRow | null> {
  const [row] = await db.query<StaffPracticeRow>(
    `select ${PRACTICE_COLUMNS} from practices p join staff_memberships m on m.practice_id = p.id
      where m.account_id = $1 and p.id = $2`,
    [accountId, practiceId],
  );
  return row ?? null;
}

export async function findPracticeIdByFormUrl(db: Queryable, formUrl: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(`select id from practices where form_url = $1`, [formUrl]);
  return row?.id ?? null;
}

export async function insertPasswordLink(
  tx: Queryable,
  link: { tokenHash: string; accountId: string; purpose: 'invite' | 'reset'; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `insert into staff_password_links (token_hash, account_id, purpose, created_at, expires_at)
      values ($1, $2, $3, $4, $5)`,
    [link.tokenHash, link.accountId, link.purpose, link.createdAt.toISOString(), link.expiresAt.toISOString()],
  );
}
