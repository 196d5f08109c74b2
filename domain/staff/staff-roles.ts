/**
 * Who may do what in the staff console (ADR 0038). Least privilege: the front desk runs
 * the day (schedule, bookings, feedback); an owner also manages staff, exports and reads the audit
 * trail and the practice's security settings. An operator runs the deployment, belongs to several
 * practices and acts as their owner in the one the session is on.
 */
export const STAFF_ROLES = ['owner', 'front_desk', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles an owner can give from the console; operators are made with `npm run staff:add`. */
export const PRACTICE_ROLES = ['owner', 'front_desk'] as const satisfies readonly StaffRole[];
export type PracticeRole = (typeof PRACTICE_ROLES)[number];

const DAY_TO_DAY_PERMISSIONS = ['schedule', 'bookings', 'feedback'] as const;
// 'settings': the practice's hours, reasons, providers, branding and policies (ADR 0079); a front desk edits only
// closures and time off, under 'schedule'.
export const STAFF_PERMISSIONS = [
  ...DAY_TO_DAY_PERMISSIONS,
  'staff',
  'export',
  'audit',
  'security',
  'settings',
  // The booking funnel and the bookings' counts (ADR 0080): the practice's business, an owner's question.
  'insights',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const DAY_TO_DAY: readonly StaffPermission[] = ['schedule', 'bookings', 'feedback'];
const GRANTS: Record<StaffRole, readonly StaffPermission[]> = {
  front_desk: DAY_TO_DAY,
  owner: STAFF_PERMISSIONS,
  operator: STAFF_PERMISSIONS,
};

export function can(role: StaffRole, permission: StaffPermission): boolean {
  return GRANTS[role].includes(permission);
}

/** Passwords: long rather than complex (NIST SP 800-63B), and never one of the common ones. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Idle time a session survives: 30 minutes unless the practice's owner allows up to 12 hours. */
export const DEFAULT_IDLE_MINUTES = 30;
export const MAX_IDLE_MINUTES = 12 * 60;
export const MIN_IDLE_MINUTES = 5;
/** However active, a session ends 12 hours after sign-in. */
export const SESSION_MAX_HOURS = 12;
