import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { createLinkToken } from '../../booking-links/link-tokens.ts';
import { hashPassword, PASSWORD_PROBLEM_TEXTS, passwordProblem } from '../sign-in/password-hashing.ts';
import {
  addMembership,
  findAccountByEmail,
  insertAccount,
  insertPasswordLink,
  setPasswordHash,
} from './staff-accounts-repository.ts';
import { normaliseStaffEmail } from '../sign-in/staff-sign-in-service.ts';

/** How long a one-time link to set a password works: an invitation a day, a reset an hour. */
export const PASSWORD_LINK_HOURS = { invite: 24, reset: 1 } as const;
export type PasswordLinkPurpose = keyof typeof PASSWORD_LINK_HOURS;

export function passwordLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/console/set-password/${token}`;
}

/** A one-time link that sets the account's password; only its hash is stored. */
export async function mintPasswordLink(
  tx: Queryable,
  accountId: string,
  purpose: PasswordLinkPurpose,
  now: Date,
): Promise<string> {
  const { token, tokenHash } = createLinkToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_HOURS[purpose] * 3600_000);
  await insertPasswordLink(tx, { tokenHash, accountId, purpose, createdAt: now, expiresAt });
  return token;
}

export function checkNewPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem)
    throw AppError.validation(PASSWORD_PROBLEM_TEXTS[problem], { password: PASSWORD_PROBLEM_TEXTS[problem] });
}

export interface NewStaffAccount {
  email: string;
  name?: string | null;
  role: StaffRole;
  practiceIds: string[];
  /** Set at once (the demo owner, tests); otherwise the account waits for its one-time link. */
  password?: string;
}

/**
 * Adds an account to its practice (an operator to several), or adds a practice to an operator
 * that exists. An e-mail that already has an account of another practice is refused: accounts
 * are per person and per practice, except operators.
 */
export async function createStaffAccount(
  db: Database,
  account: NewStaffAccount,
  now: Date,
  /** More work in the same transaction (an invitation's link and e-mail, its audit row). */
  within?: (tx: Queryable, accountId: string, created: boolean) => Promise<void>,
): Promise<{ id: string; created: boolean }> {
  const email = normaliseStaffEmail(account.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw AppError.badRequest(`Not an e-mail address: ${account.email}`);
  if (account.practiceIds.length === 0) throw AppError.badRequest('An account needs a practice.');
  if (account.role !== 'operator' && account.practiceIds.length > 1)
    throw AppError.badRequest('Only an operator belongs to several practices.');
  if (account.password !== undefined) checkNewPassword(account.password, email);
  const passwordHash = account.password === undefined ? null : await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const existing = await findAccountByEmail(tx, email);
    if (existing && (existing.role !== 'operator' || account.role !== 'operator')) {
      throw new AppError(409, 'CONFLICT', `${email} already has an account.`);
    }
    const id =
      existing?.id ?? (await insertAccount(tx, { email, name: account.name ?? null, role: account.role, at: now }));
    for (const practiceId of account.practiceIds) await addMembership(tx, id, practiceId, now);
    if (passwordHash) await setPasswordHash(tx, id, passwordHash, now);
    await within?.(tx, id, !existing);
    return { id, created: !existing };
  });
}
