import { z } from 'zod';
import { practiceDayField } from '../wire/wire-primitives.ts';
import { MAX_IDLE_MINUTES, MIN_IDLE_MINUTES, PASSWORD_MAX_LENGTH, PRACTICE_ROLES, STAFF_ROLES } from './staff-roles.ts';

/**
 * The staff console's account API (ADR 0038): one-time password links, staff management, the
 * second factor, the practice's security rules and the audit trail. Every answer is
 * `{ success: true, result }`; errors `{ success: false, code, message, fields? }`. Routes marked
 * (public) need no session; every other answers 401 without one and 403 for a role that may not.
 * Every POST, PUT and PATCH of a signed-in console carries `X-CSRF-Token`. Everything an owner
 * manages is scoped by the session's practice: another practice's id answers 404.
 *
 * - `GET /api/v1/staff/password-links/{token}` (public) → PasswordLink; 404 when used, expired or malformed.
 * - `POST /api/v1/staff/password-links/{token}` (public; SetPasswordBody) → PasswordSet; 422 with
 *   `fields.password` for a weak password; 404 when used, expired or malformed. Ends the account's sessions.
 * - `POST /api/v1/staff/password-reset` (public; PasswordResetBody) → 202 PasswordResetAccepted,
 *   the same answer whether or not the account exists (the link goes by e-mail, valid 1 hour).
 * - `GET /api/v1/staff/members` (owners) → StaffMembers.
 * - `POST /api/v1/staff/members` (owners; InviteMemberBody) → 201 StaffMember; 409 CONFLICT when
 *   the e-mail is on the practice's staff already. The invite link goes by e-mail, valid 24 hours; an
 *   address with an account at another practice gets the same answer and its holder an e-mail (ADR 0040).
 * - `PATCH /api/v1/staff/members/{id}` (owners; UpdateMemberBody) → StaffMember; 409 CONFLICT for
 *   the last active owner's deactivation or demotion. The account's sessions end at once.
 * - `POST /api/v1/staff/members/{id}/second-factor-reset` (owners; no body) → StaffMember: the member's
 *   TOTP secret and recovery codes are cleared and their sessions end; 409 CONFLICT when they have none on.
 * - `POST /api/v1/staff/totp/setup` (any account, also while set-up is required; `{}`) → TotpSetup;
 *   409 CONFLICT when the second factor is on already.
 * - `POST /api/v1/staff/totp/enable` (any account, also while set-up is required; EnableTotpBody)
 *   → TotpEnabled (the recovery codes, shown this once); 422 for a wrong code.
 * - `GET /api/v1/staff/practice/security` (owners) → PracticeSecurity.
 * - `PUT /api/v1/staff/practice/security` (owners; PracticeSecurityBody of staff-session-schemas.ts)
 *   → PracticeSecurity.
 * - `GET /api/v1/staff/audit?from=YYYY-MM-DD&to=YYYY-MM-DD[&before=<id>]` (owners) → AuditPage,
 *   newest first, 100 a page; the practice's dates, both included, at most 366 days.
 * - `GET /api/v1/staff/audit/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` (owners) → text/csv attachment
 *   (columns AUDIT_CSV_COLUMNS), oldest first.
 */

/** A link's token as the URL carries it (`/console/set-password/{token}`). */
export const PasswordLinkSchema = z.object({
  email: z.string(),
  purpose: z.enum(['invite', 'reset']),
});
export type PasswordLink = z.infer<typeof PasswordLinkSchema>;

export const SetPasswordBodySchema = z.object({
  password: z.string().min(1, 'Type a password.').max(PASSWORD_MAX_LENGTH),
});
export type SetPasswordBody = z.infer<typeof SetPasswordBodySchema>;

/** The password is set: the console now signs in with it. */
export const PasswordSetSchema = z.object({ email: z.string(), password_set: z.literal(true) });
export type PasswordSet = z.infer<typeof PasswordSetSchema>;

export const PasswordResetBodySchema = z.object({ email: z.string().trim().min(3).max(254) });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/** The one answer to a reset request, whether or not an account exists. */
export const PASSWORD_RESET_ANSWER =
  'If an account exists for that address, we have sent a link to set a new password.';
export const PasswordResetAcceptedSchema = z.object({ message: z.literal(PASSWORD_RESET_ANSWER) });
export type PasswordResetAccepted = z.infer<typeof PasswordResetAcceptedSchema>;

export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  /** False until the invitation's link has set a password. */
  has_password: z.boolean(),
  totp_enabled: z.boolean(),
  last_sign_in_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** The practice's own accounts, by e-mail; operators are not listed. */
export const StaffMembersSchema = z.object({ members: z.array(StaffMemberSchema) });
export type StaffMembers = z.infer<typeof StaffMembersSchema>;

export const InviteMemberBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Type an e-mail address.').max(254)),
  name: z.string().trim().min(1).max(120).optional(),
  role: z.enum(PRACTICE_ROLES),
});
export type InviteMemberBody = z.infer<typeof InviteMemberBodySchema>;

export const UpdateMemberBodySchema = z
  .strictObject({ role: z.enum(PRACTICE_ROLES).optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, { message: 'Send a role or active.' });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

export const TotpSetupSchema = z.object({
  /** Base32, for typing into an app. */
  secret: z.string(),
  /** For a QR code. */
  otpauth_uri: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

export const EnableTotpBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Type the 6-digit code of your authenticator app.'),
});
export type EnableTotpBody = z.infer<typeof EnableTotpBodySchema>;

export const TotpEnabledSchema = z.object({
  /** Ten codes, each good once, shown only now. */
  recovery_codes: z.array(z.string()).length(10),
});
export type TotpEnabled = z.infer<typeof TotpEnabledSchema>;

export const PracticeSecuritySchema = z.object({
  idle_minutes: z.number().int().min(MIN_IDLE_MINUTES).max(MAX_IDLE_MINUTES),
  require_totp: z.boolean(),
});
export type PracticeSecurity = z.infer<typeof PracticeSecuritySchema>;

export const AUDIT_PAGE_SIZE = 100;
export const AUDIT_MAX_DAYS = 366;

export const AuditQuerySchema = z.object({
  from: practiceDayField('from'),
  to: practiceDayField('to'),
  /** The `next_before` of the previous page. */
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'before must be an audit entry id')
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  account_email: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AUDIT_CSV_COLUMNS = [
  'at',
  'account_email',
  'ip',
  'action',
  'target_type',
  'target_id',
  'details',
] as const;
