import type { StaffMember } from '#domain/staff/staff-accounts-schemas.ts';
import type { StaffRole } from '#domain/staff/staff-roles.ts';

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  front_desk: 'Front desk',
  operator: 'Operator',
};

/** What each role a practice hands out may do, as the confirmations and the invite form say it. */
export const ROLE_RIGHTS = {
  owner: 'Owners can do everything, including managing staff, exports, the audit trail and security settings.',
  front_desk: 'The front desk can use the schedule, bookings and feedback, and nothing else.',
} as const;

/** The name a person is known by here, or their e-mail when they gave none. */
export const memberName = (member: Pick<StaffMember, 'name' | 'email'>) => member.name ?? member.email;

export function memberStatus(member: StaffMember): string {
  if (!member.active) return 'Deactivated';
  return member.has_password ? 'Active' : 'Invited, no password yet';
}
