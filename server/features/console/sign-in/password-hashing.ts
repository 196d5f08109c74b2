import argon2 from 'argon2';
import zxcvbnCommon from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#domain/staff/staff-roles.ts';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane; ADR 0038): memory-hard,
 * so a stolen table costs an attacker memory as well as time, and about 50 ms a sign-in here. The
 * PHC string keeps its own parameters, so raising them later still verifies old hashes.
 */
export const PRODUCTION_ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
// Under Vitest only, the smallest argon2id cost: the same code and algorithm (verification follows
// the parameters the PHC string carries), without a minute of CI spent hashing hundreds of test
// accounts. Servers, the end-to-end suite and the CLI always use the production setting.
const ARGON2_OPTIONS = process.env.VITEST
  ? { ...PRODUCTION_ARGON2_OPTIONS, memoryCost: 1024, timeCost: 1 }
  : PRODUCTION_ARGON2_OPTIONS;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing anyone knows, verified when there is no account, so both answers take as long. */
let decoyHash: Promise<string> | null = null;
let verifications = 0;

/** How many passwords this process has verified: the burst tests count the checks a flood got (ADR 0040). */
export const passwordVerifications = () => verifications;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  verifications++;
  if (!hash) {
    decoyHash ??= argon2.hash(`decoy-${Math.random()}`, ARGON2_OPTIONS);
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

// 49,233 passwords from breaches (zxcvbn's list): a new password may not be one of them.
const COMMON = new Set(zxcvbnCommon.dictionary['passwords-common'].map((word: string) => word.toLowerCase()));

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'contains_email';

export const PASSWORD_PROBLEM_TEXTS: Record<PasswordProblem, string> = {
  too_short: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  too_long: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'That password is one of the most common ones; choose another.',
  contains_email: 'The password may not contain your e-mail address.',
};

/** NIST SP 800-63B: length and a deny list, no composition rules. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered) || COMMON.has(lowered.replace(/[\d!.?]+$/, ''))) return 'common';
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (lowered.includes(email.toLowerCase()) || (local.length >= 4 && lowered === local)) return 'contains_email';
  return null;
}
