import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Queryable } from '../../db/database.ts';

export interface StaffMemberRow {
  id: string;
  email: string;
  name: string | null;
  role: StaffRole;
  is_active: boolean;
  has_password: boolean;
  totp_enabled: boolean;
  last_sign_in_at: Date | null;
  created_at: Date;
}

const MEMBER_SELECT = `
  select a.id, a.email, a.name, a.role, a.deactivated_at is null as is_active, a.password_hash is not null as has_password,
         a.totp_enabled_at is not null as totp_enabled, a.created_at,
         (select max(s.created_at) from staff_sessions s where s.account_id = a.id) as last_sign_in_at
    from staff_accounts a join staff_memberships m on m.account_id = a.id
   where m.practice_id = $1 and a.role <> 'operator'`;

/** A practice's own accounts (operators run the deployment and are not its staff). */
export async function listPracticeMembers(db: Queryable, practiceId: string): Promise<StaffMemberRow[]> {
  return db.query<StaffMemberRow>(`${MEMBER_SELECT} order by a.email`, [practiceId]);
}

export async function findPracticeMember(
  db: Queryable,
  practiceId: string,
  accountId: string,
): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>(`${MEMBER_SELECT} and a.id = $2`, [practiceId, accountId]);
  return row ?? null;
}

/**
 * Serialises the changes of one practice's staff, so two owners demoting each other at the same
 * moment cannot both pass the last-owner check.
 */
export async function lockPracticeStaff(tx: Queryable, practiceId: string): Promise<void> {
  await tx.query(`select id from practices where id = $1 for update`, [practiceId]);
}

export async function countActiveOwners(db: Queryable, practiceId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from staff_accounts a join staff_memberships m on m.account_id = a.id
      where m.practice_id = $1 and a.role = 'owner' and a.deactivated_at is null`,
    [practiceId],
  );
  return row?.count ?? 0;
}

export async function updateMember(
  tx: Queryable,
  accountId: string,
  change: { role: StaffRole; isActive: boolean },
  at: Date,
): Promise<void> {
  await tx.query(
    `update staff_accounts
        set role = $2,
            deactivated_at = case when $3::boolean then null else coalesce(deactivated_at, $4::timestamptz) end,
            updated_at = $4
      where id = $1`,
    [accountId, change.role, change.isActive, at.toISOString()],
  );
}

export async function countPracticeAccounts(db: Queryable, practiceId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*) as count from staff_memberships where practice_id = $1`,
    [practiceId],
  );
  return Number(row?.count ?? 0);
}

export async function deactivateAccount(db: Queryable, accountId: string, at: Date): Promise<void> {
  await db.query(
    `update staff_accounts set deactivated_at = $2, updated_at = $2 where id = $1 and deactivated_at is null`,
    [accountId, at.toISOString()],
  );
}
