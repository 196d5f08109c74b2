import { z } from 'zod';
import {
  MAX_IDLE_MINUTES,
  MIN_IDLE_MINUTES,
  PASSWORD_MAX_LENGTH,
  PRACTICE_ROLES,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
} from './staff-roles.ts';

/**
 * The staff console's session API (ADR 0038), one schema per payload for both sides. Every answer
 * is `{ success: true, result }`. Without a session every `/api/v1/staff/*` route but sign-in and
 * the password links answers 401; a role that may not, 403. Every state-changing request of a
 * signed-in console carries the session's CSRF token in the `X-CSRF-Token` header.
 *
 * - `POST /api/v1/staff/session` (SignInBody) → StaffSession, and sets the session cookie.
 * - `GET /api/v1/staff/session` → StaffSession (who is signed in, and the CSRF token).
 * - `DELETE /api/v1/staff/session` (`?everywhere=true` ends all of the account's sessions) → `{ signed_out: true }`.
 * - `PUT /api/v1/staff/session/practice` ({ practice_id }) → StaffSession: an operator switches practice.
 */
export const SignInBodySchema = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** A 6-digit code of the authenticator app, or one of the recovery codes. */
  code: z.string().trim().max(20).optional(),
  /** An operator's practice to start in (its id); others always start in their own. */
  practice_id: z.uuid().optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const SwitchPracticeBodySchema = z.object({ practice_id: z.uuid() });

export const StaffPracticeSchema = z.object({
  id: z.string(),
  name: z.string(),
  form_url: z.string(),
  time_zone: z.string(),
  /** True when the practice runs on the built-in schedule (it can block time), false with a PMS. */
  builtin_schedule: z.boolean(),
});
export type StaffPractice = z.infer<typeof StaffPracticeSchema>;

export const StaffSessionSchema = z.object({
  account: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(STAFF_ROLES),
    totp_enabled: z.boolean(),
  }),
  practice: StaffPracticeSchema,
  /** The practices the account may switch between (one, except for operators). */
  practices: z.array(StaffPracticeSchema),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  /** Send as `X-CSRF-Token` with every POST, PUT, PATCH and DELETE. */
  csrf_token: z.string(),
  idle_minutes: z.number(),
  expires_at: z.iso.datetime(),
  /** The practice requires a second factor the account has not set up yet: only the set-up works. */
  must_set_up_totp: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

export const SignedOutSchema = z.object({ signed_out: z.literal(true) });

/** `PUT /api/v1/staff/practice/security` (owners): the practice's session and second-factor rules. */
export const PracticeSecurityBodySchema = z.object({
  idle_minutes: z.number().int().min(MIN_IDLE_MINUTES).max(MAX_IDLE_MINUTES),
  require_totp: z.boolean(),
});

/** Roles an owner hands out. */
export const PracticeRoleSchema = z.enum(PRACTICE_ROLES);

/** Error codes of sign-in the console tells apart (the text is for people). */
export const SIGN_IN_ERRORS = {
  /** Wrong e-mail or password: one answer whether the account exists or not. */
  invalid: 'INVALID_CREDENTIALS',
  /** The password was right; the account needs its second factor: ask for the code (a wrong code answers the same). */
  codeRequired: 'CODE_REQUIRED',
  /** A change without the session's `X-CSRF-Token`. */
  csrf: 'CSRF_FAILED',
  /** The practice requires a second factor this account has not set up: only the set-up works. */
  totpSetup: 'TOTP_SETUP_REQUIRED',
  /** Too many failures: wait (Retry-After) or sign in from a device that signed in before. */
  throttled: 'RATE_LIMITED',
} as const;
