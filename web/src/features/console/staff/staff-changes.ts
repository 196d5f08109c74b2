import type { StaffMember } from '#domain/staff/staff-accounts-schemas.ts';
import type { PracticeRole } from '#domain/staff/staff-roles.ts';
import { resetSecondFactor, updateMember } from './staff-api.ts';
import { memberName, ROLE_LABELS } from './staff-labels.ts';

/** What an owner does to a member from the staff list. */
export type MemberChange =
  { kind: 'role'; to: PracticeRole } | { kind: 'deactivate' } | { kind: 'reactivate' } | { kind: 'reset' };

export function applyMemberChange(csrfToken: string, member: StaffMember, change: MemberChange): Promise<StaffMember> {
  switch (change.kind) {
    case 'role':
      return updateMember(csrfToken, member.id, { role: change.to });
    case 'deactivate':
      return updateMember(csrfToken, member.id, { active: false });
    case 'reactivate':
      return updateMember(csrfToken, member.id, { active: true });
    case 'reset':
      return resetSecondFactor(csrfToken, member.id);
  }
}

/** The sentence the page announces once the server has made the change. */
export function changeDoneMessage(member: StaffMember, change: MemberChange): string {
  const name = memberName(member);
  switch (change.kind) {
    case 'role':
      return `${name} is now ${change.to === 'owner' ? 'an owner' : 'front desk'}. Their open sessions ended; they sign in again as ${ROLE_LABELS[change.to].toLowerCase()}.`;
    case 'deactivate':
      return `${name} is deactivated. Their sessions ended at once and they can no longer sign in.`;
    case 'reactivate':
      return `${name} is active again and can sign in.`;
    case 'reset':
      return `${name}’s second factor is reset and their sessions ended. At the next sign-in they use their password, and set up a new authenticator app if the practice requires one.`;
  }
}
