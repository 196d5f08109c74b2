import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../../../db/database.ts';
import { useRecoveryCode, useTotpStep } from './second-factor-repository.ts';

/**
 * TOTP (RFC 6238) as authenticator apps read it: SHA-1, 6 digits, 30 s, a step either side for a
 * clock that drifts. Recovery codes are 10 random words of 10 characters, stored as hashes, each
 * good once.
 */
const ISSUER = 'Chairtime';

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans (as a QR code) or takes typed in. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

const PERIOD_MS = 30_000;

/** The time step (30 s since 1970) of the app's code, within a step of `now`; null for a wrong code. */
export function totpStepOf(secret: string, email: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, email).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / PERIOD_MS) + delta;
}

/** For tests and the CLI: the code an app would show at `now`. */
export function totpCodeAt(secret: string, now: Date): string {
  return totpOf(secret, 'x').generate({ timestamp: now.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(
      code
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    )
    .digest('hex');
}

let secondFactorChecks = 0;

/** How many second-factor codes this process has checked at sign-in (the burst tests read it; ADR 0040). */
export const secondFactorCheckCount = () => secondFactorChecks;

/** The second factor at sign-in: the app's code, or a recovery code (spent by using it). */
export async function checkSecondFactor(
  db: Queryable,
  account: { id: string; email: string; totp_secret: string },
  code: string,
  now: Date,
): Promise<boolean> {
  secondFactorChecks++;
  const step = totpStepOf(account.totp_secret, account.email, code.replace(/\s/g, ''), now);
  // Each step's code once (RFC 6238 §5.2): spending it refuses it, and any earlier one, for good.
  if (step !== null) return useTotpStep(db, account.id, step);
  if (!/^[a-z0-9-]{10,11}$/i.test(code.trim())) return false;
  return useRecoveryCode(db, account.id, hashRecoveryCode(code), now);
}
