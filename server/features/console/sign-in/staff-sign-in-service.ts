import { randomBytes } from 'node:crypto';
import { SESSION_MAX_HOURS } from '#domain/staff/staff-roles.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { createLinkToken, hashLinkToken } from '../../booking-links/link-tokens.ts';
import { verifyPassword } from './password-hashing.ts';
import { checkSecondFactor } from './second-factor.ts';
import { findAccountByEmail, listAccountPractices } from '../staff/staff-accounts-repository.ts';
import { insertAudit } from '../audit/staff-audit-repository.ts';
import { insertSession } from './staff-sessions-repository.ts';
import {
  clearSignInFailures,
  countSignInFailures,
  isTrustedDevice,
  lockSignInKeys,
  reserveSignInAttempt,
  settleSignInAttempt,
  trustDevice,
} from './sign-in-failures-repository.ts';
import { FAILURE_WINDOW_MS, throttleDecision } from './sign-in-throttle.ts';

export interface SignInAttempt {
  email: string;
  password: string;
  code?: string | undefined;
  practiceId?: string | undefined;
  ip: string;
  userAgent: string | null;
  /** The device cookie's token, if the browser sent one. */
  deviceToken: string | null;
}

export interface SignedIn {
  /** The session cookie's token (only its hash is stored). */
  sessionToken: string;
  /** The device cookie's token: the browser's own, or a new one. */
  deviceToken: string;
}

// One answer for a wrong password and an e-mail without an account.
const INVALID = () => new AppError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is not right.');
const CODE_REQUIRED = (wrong: boolean) =>
  new AppError(
    401,
    'CODE_REQUIRED',
    wrong
      ? 'That code is not right. Type the current code from your authenticator app, or a recovery code.'
      : 'Type the code from your authenticator app, or a recovery code.',
  );

export class SignInThrottled extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    locked: boolean,
  ) {
    super(
      429,
      'RATE_LIMITED',
      locked
        ? `Too many failed sign-ins to this account from devices it has not used. Try again in ` +
            `${Math.ceil(retryAfterSeconds / 60)} minutes, or sign in from a device you have signed in from before.`
        : `Too many failed sign-ins. Wait ${retryAfterSeconds} seconds and try again.`,
    );
  }
}

export const normaliseStaffEmail = (email: string) => email.trim().toLowerCase();

/**
 * Sign-in (ADR 0038, 0040): the throttle first, which counts the attempt before anything is checked,
 * so no password is checked while an attempt must wait however many arrive at once; then the password
 * (a decoy hash when there is no account, so both take as long), then the second factor, then a fresh
 * session: a new id every time, never one the browser brought.
 */
export function createStaffSignIn(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return async function signIn(attempt: SignInAttempt): Promise<SignedIn> {
    const now = clock.now();
    const email = normaliseStaffEmail(attempt.email);
    const emailHash = hashLinkToken(`staff-sign-in:${email}`);
    const account = await findAccountByEmail(db, email);
    const deviceHash = attempt.deviceToken ? hashLinkToken(attempt.deviceToken) : null;
    const trusted = Boolean(account && deviceHash && (await isTrustedDevice(db, deviceHash, account.id)));
    const failureDevice = trusted ? deviceHash : null;

    // The count and the reservation are one step under the e-mail's and the IP's locks (ADR 0040):
    // a burst of parallel attempts queues here, and once the throttle says no, nothing is checked.
    const reservation = await db.transaction(async (tx) => {
      await lockSignInKeys(tx, emailHash, attempt.ip);
      const counts = await countSignInFailures(tx, {
        emailHash,
        ip: attempt.ip,
        deviceHash: failureDevice,
        since: new Date(now.getTime() - FAILURE_WINDOW_MS),
      });
      const decision = throttleDecision(counts, trusted, now);
      if (decision.kind !== 'check') return decision;
      const attemptId = await reserveSignInAttempt(tx, {
        emailHash,
        ip: attempt.ip,
        deviceHash: failureDevice,
        at: now,
      });
      return { kind: 'reserved' as const, attemptId };
    });
    if (reservation.kind !== 'reserved') {
      const retryAfterSeconds = Math.max(1, Math.ceil(reservation.retryAfterMs / 1000));
      throw new SignInThrottled(retryAfterSeconds, reservation.kind === 'locked');
    }
    const { attemptId } = reservation;

    // A wrong password or code leaves the reservation as the failure it is; a right one settles it.
    const passwordRight = await verifyPassword(
      account && !account.deactivated_at ? account.password_hash : null,
      attempt.password,
    );
    if (!account || !passwordRight) throw INVALID();
    if (account.totp_secret) {
      if (!attempt.code) {
        await settleSignInAttempt(db, attemptId);
        throw CODE_REQUIRED(false);
      }
      if (
        !(await checkSecondFactor(
          db,
          { id: account.id, email: account.email, totp_secret: account.totp_secret },
          attempt.code,
          now,
        ))
      )
        throw CODE_REQUIRED(true);
    }
    const practices = await listAccountPractices(db, account.id);
    const practice = practices.find((candidate) => candidate.id === attempt.practiceId) ?? practices[0];
    if (!practice) {
      await settleSignInAttempt(db, attemptId);
      throw new AppError(403, 'FORBIDDEN', 'This account belongs to no practice yet.');
    }

    const session = createLinkToken();
    // A browser keeps one device token, trusted for each account that signed in on it.
    const deviceToken = attempt.deviceToken ?? randomBytes(24).toString('base64url');
    await db.transaction(async (tx) => {
      // Also the reservation of this attempt, which is of the same kind.
      await clearSignInFailures(tx, emailHash, failureDevice);
      await trustDevice(tx, hashLinkToken(deviceToken), account.id, now);
      await insertSession(tx, {
        tokenHash: session.tokenHash,
        accountId: account.id,
        practiceId: practice.id,
        csrfToken: randomBytes(24).toString('base64url'),
        ip: attempt.ip,
        userAgent: attempt.userAgent,
        at: now,
        expiresAt: new Date(now.getTime() + SESSION_MAX_HOURS * 3600_000),
      });
      await insertAudit(
        tx,
        { accountId: account.id, email: account.email, practiceId: practice.id, ip: attempt.ip },
        { action: 'session.sign_in' },
        now,
      );
    });
    return { sessionToken: session.token, deviceToken };
  };
}
export type StaffSignIn = ReturnType<typeof createStaffSignIn>;
