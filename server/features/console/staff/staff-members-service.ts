import type { InviteMemberBody, StaffMember, UpdateMemberBody } from '#domain/staff/staff-accounts-schemas.ts';
import type { Clock } from '../../../clock.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { findPracticeById } from '../../practices/practices-service.ts';
import { emailInvitationOfTakenAddress, emailPasswordLink } from '../sign-in/password-link-emails.ts';
import { spendOpenPasswordLinks } from '../sign-in/password-links-repository.ts';
import { addMembership, findAccountByEmail, insertAccount, lockStaffAddress } from './staff-accounts-repository.ts';
import type { AuditEntry } from '../audit/staff-audit-repository.ts';
import {
  countActiveOwners,
  findPracticeMember,
  findPracticeMemberByEmail,
  insertInvitation,
  listPracticeMembers,
  lockPracticeStaff,
  type StaffMemberRow,
  updateMember,
} from './staff-members-repository.ts';
import type { StaffPrincipal } from '../staff-session-guard.ts';
import { endAccountSessions } from '../sign-in/staff-sessions-repository.ts';
import { normaliseStaffEmail } from '../sign-in/staff-sign-in-service.ts';
import { clearSecondFactor } from '../sign-in/totp-setup-repository.ts';

export function memberView(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.is_active,
    has_password: row.has_password,
    totp_enabled: row.totp_enabled,
    last_sign_in_at: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export const NO_SUCH_MEMBER = () => AppError.notFound('No such staff member.');
const ON_STAFF_ALREADY = (email: string) =>
  new AppError(409, 'CONFLICT', `${email} is on the practice's staff already.`);
const NO_SECOND_FACTOR = () => new AppError(409, 'CONFLICT', 'This member has no second factor to reset.');
const LAST_OWNER = () =>
  new AppError(409, 'CONFLICT', 'The practice needs an active owner: make someone else an owner first.');

export interface StaffMembersDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** Appends the audit row of the change in its transaction (the route's `audit`). */
  audit(entry: AuditEntry, tx: Queryable): Promise<void>;
}

async function list(deps: StaffMembersDeps, me: StaffPrincipal): Promise<StaffMember[]> {
  const { db } = deps;
  return (await listPracticeMembers(db, me.practiceId)).map(memberView);
}

/**
 * A new account of the practice, and its invitation by e-mail (a 24-hour link). An address with an
 * account elsewhere cannot have a second one: the practice gets an invitation that lists like an
 * invited member, and the holder an e-mail, so the owner's answer is the same either way (ADR 0040).
 */
async function invite(deps: StaffMembersDeps, me: StaffPrincipal, body: InviteMemberBody): Promise<StaffMember> {
  const { db, clock } = deps;
  const now = clock.now();
  const email = normaliseStaffEmail(body.email);
  const practiceName = (await findPracticeById(db, me.practiceId))?.name ?? 'your practice';
  const id = await db.transaction(async (tx) => {
    await lockPracticeStaff(tx, me.practiceId);
    await lockStaffAddress(tx, email);
    if (await findPracticeMemberByEmail(tx, me.practiceId, email)) throw ON_STAFF_ALREADY(email);
    const member = { email, name: body.name ?? null, role: body.role, at: now };
    let id: string;
    if (await findAccountByEmail(tx, email)) {
      id = await insertInvitation(tx, { ...member, practiceId: me.practiceId });
      await emailInvitationOfTakenAddress(tx, { email, practiceId: me.practiceId, practiceName });
    } else {
      id = await insertAccount(tx, member);
      await addMembership(tx, id, me.practiceId, now);
      await emailPasswordLink(tx, {
        accountId: id,
        email,
        purpose: 'invite',
        practiceId: me.practiceId,
        practiceName,
        publicUrl: deps.publicUrl,
        now,
      });
    }
    await deps.audit(
      { action: 'staff.invite', targetType: 'staff_account', targetId: id, details: { email, role: body.role } },
      tx,
    );
    return id;
  });
  return memberView((await findPracticeMember(db, me.practiceId, id))!);
}

/** The member, with the practice's staff locked so two owners' changes cannot both remove the last owner. */
async function lockMember(tx: Queryable, practiceId: string, accountId: string) {
  await lockPracticeStaff(tx, practiceId);
  const member = await findPracticeMember(tx, practiceId, accountId);
  if (!member) throw NO_SUCH_MEMBER();
  return member;
}

/**
 * A new role, a deactivation or a reactivation. Either of the first two ends the account's
 * sessions at once, so nobody keeps rights they no longer have until their session times out.
 */
async function update(
  deps: StaffMembersDeps,
  me: StaffPrincipal,
  accountId: string,
  body: UpdateMemberBody,
): Promise<StaffMember> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, me.practiceId, accountId);
    const role = body.role ?? member.role;
    const isActive = body.active ?? member.is_active;
    const losesOwner = member.role === 'owner' && member.is_active && (role !== 'owner' || !isActive);
    if (losesOwner && (await countActiveOwners(tx, me.practiceId)) <= 1) throw LAST_OWNER();
    if (role === member.role && isActive === member.is_active) return;
    await updateMember(tx, member, { role, isActive }, now);
    const target = { targetType: 'staff_account', targetId: accountId };
    if (member.is_active && !isActive) {
      const ended = await endAccountSessions(tx, accountId, 'deactivated', now);
      await spendOpenPasswordLinks(tx, accountId, now);
      await deps.audit(
        { action: 'staff.deactivate', ...target, details: { email: member.email, sessions_ended: ended } },
        tx,
      );
    } else if (role !== member.role) {
      const ended = await endAccountSessions(tx, accountId, 'role_changed', now);
      await deps.audit(
        {
          action: 'staff.role_change',
          ...target,
          details: { email: member.email, from: member.role, to: role, sessions_ended: ended },
        },
        tx,
      );
    }
    if (!member.is_active && isActive)
      await deps.audit({ action: 'staff.reactivate', ...target, details: { email: member.email } }, tx);
    // Deactivated and given another role at once: the role change is recorded too.
    if (member.is_active && !isActive && role !== member.role) {
      await deps.audit(
        {
          action: 'staff.role_change',
          ...target,
          details: { email: member.email, from: member.role, to: role, sessions_ended: 0 },
        },
        tx,
      );
    }
  });
  return memberView((await findPracticeMember(db, me.practiceId, accountId))!);
}

/**
 * A member lost their authenticator app: their second factor and recovery codes go and their
 * sessions end, so whoever holds the old app or a code gets nothing more from it. Where the
 * practice requires a second factor, the next sign-in sets up a new one before anything else.
 */
async function resetSecondFactor(deps: StaffMembersDeps, me: StaffPrincipal, accountId: string): Promise<StaffMember> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, me.practiceId, accountId);
    if (!member.totp_enabled) throw NO_SECOND_FACTOR();
    await clearSecondFactor(tx, accountId, now);
    const ended = await endAccountSessions(tx, accountId, 'second_factor_reset', now);
    await deps.audit(
      {
        action: 'staff.second_factor_reset',
        targetType: 'staff_account',
        targetId: accountId,
        details: { email: member.email, sessions_ended: ended },
      },
      tx,
    );
  });
  return memberView((await findPracticeMember(db, me.practiceId, accountId))!);
}

/** An owner's management of the practice's staff, always within the session's practice. */
export function createStaffMembers(deps: StaffMembersDeps) {
  return {
    list: (me: StaffPrincipal) => list(deps, me),
    invite: (me: StaffPrincipal, body: InviteMemberBody) => invite(deps, me, body),
    update: (me: StaffPrincipal, accountId: string, body: UpdateMemberBody) => update(deps, me, accountId, body),
    resetSecondFactor: (me: StaffPrincipal, accountId: string) => resetSecondFactor(deps, me, accountId),
  };
}
