import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Queryable } from '../../../db/database.ts';

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
  /** An invitation of an address that has an account elsewhere (ADR 0040), not an account. */
  is_invitation: boolean;
}

// A practice's own accounts and its invitations of addresses that have an account elsewhere, in one
// shape (ADR 0040): an owner sees an invitation as any invited member who has not set a password.
const MEMBER_SELECT = `
  select * from (
    select a.id, a.email, a.name, a.role, a.deactivated_at is null as is_active,
           a.password_hash is not null as has_password, a.totp_enabled_at is not null as totp_enabled, a.created_at,
           (select max(s.created_at) from staff_sessions s where s.account_id = a.id) as last_sign_in_at,
           false as is_invitation
      from staff_accounts a join staff_memberships m on m.account_id = a.id
     where m.practice_id = $1 and a.role <> 'operator'
    union all
    select i.id, i.email, i.name, i.role, i.deactivated_at is null, false, false, i.created_at, null, true
      from staff_invitations i
     where i.practice_id = $1
  ) members`;

/** A practice's own accounts (operators run the deployment and are not its staff). */
export async function listPracticeMembers(db: Queryable, practiceId: string): Promise<StaffMemberRow[]> {
  return db.query<StaffMemberRow>(`${MEMBER_SELECT} order by email`, [practiceId]);
}

export async function findPracticeMember(
  db: Queryable,
  practiceId: string,
  accountId: string,
): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>(`${MEMBER_SELECT} where id = $2`, [practiceId, accountId]);
  return row ?? null;
}

export async function findPracticeMemberByEmail(
  db: Queryable,
  practiceId: string,
  email: string,
): Promise<StaffMemberRow | null> {
  const [row] = await db.query<StaffMemberRow>(`${MEMBER_SELECT} where email = $2`, [practiceId, email]);
  return row ?? null;
}

export async function insertInvitation(
  tx: Queryable,
  invitation: { practiceId: string; email: string; name: string | null; role: StaffRole; at: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into staff_invitations (practice_id, email, name, role, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5) returning id`,
    [invitation.practiceId, invitation.email, invitation.name, invitation.role, invitation.at.toISOString()],
  );
  return row!.id;
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
    `select count(*)::int as count from (${MEMBER_SELECT}) owners where role = 'owner' and is_active`,
    [practiceId],
  );
  return row?.count ?? 0;
}

export async function updateMember(
  tx: Queryable,
  member: { id: string; is_invitation: boolean },
  change: { role: StaffRole; isActive: boolean },
  at: Date,
): Promise<void> {
  await tx.query(
    `update ${member.is_invitation ? 'staff_invitations' : 'staff_accounts'}
        set role = $2,
            deactivated_at = case when $3::boolean then null else coalesce(deactivated_at, $4::timestamptz) end,
            updated_at = $4
      where id = $1`,
    [member.id, change.role, change.isActive, at.toISOString()],
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
