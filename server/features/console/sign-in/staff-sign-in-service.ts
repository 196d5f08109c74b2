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

type Account = NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>;
type Practice = Awaited<ReturnType<typeof listAccountPractices>>[number];
/** Who is signing in, as the throttle counts them: the e-mail, the IP and, once trusted, the device. */
type Keys = { emailHash: string; ip: string; failureDevice: string | null; trusted: boolean; now: Date };

/**
 * The count and the reservation are one step under the e-mail's and the IP's locks (ADR 0040):
 * a burst of parallel attempts queues here, and once the throttle says no, nothing is checked.
 */
async function reserveAttempt(db: Database, keys: Keys): Promise<string> {
  const { emailHash, ip, failureDevice: deviceHash, trusted, now } = keys;
  const reservation = await db.transaction(async (tx) => {
    await lockSignInKeys(tx, emailHash, ip);
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    const counts = await countSignInFailures(tx, { emailHash, ip, deviceHash, since });
    const decision = throttleDecision(counts, trusted, now);
    if (decision.kind !== 'check') return decision;
    const attemptId = await reserveSignInAttempt(tx, { emailHash, ip, deviceHash, at: now });
    return { kind: 'reserved' as const, attemptId };
  });
  if (reservation.kind !== 'reserved') {
    const retryAfterSeconds = Math.max(1, Math.ceil(reservation.retryAfterMs / 1000));
    throw new SignInThrottled(retryAfterSeconds, reservation.kind === 'locked');
  }
  return reservation.attemptId;
}

/** A wrong password or code leaves the reservation as the failure it is; a right one settles it. */
async function checkCredentials(
  db: Database,
  account: Account | null,
  attempt: SignInAttempt,
  attemptId: string,
  now: Date,
): Promise<Account> {
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
    const secondFactor = { id: account.id, email: account.email, totp_secret: account.totp_secret };
    if (!(await checkSecondFactor(db, secondFactor, attempt.code, now))) throw CODE_REQUIRED(true);
  }
  return account;
}

/** A fresh session: a new id every time, never one the browser brought; the device is trusted from now. */
async function startSession(
  db: Database,
  signedIn: { account: Account; practice: Practice; attempt: SignInAttempt; keys: Keys },
): Promise<SignedIn> {
  const { account, practice, attempt, keys } = signedIn;
  const { now } = keys;
  const session = createLinkToken();
  // A browser keeps one device token, trusted for each account that signed in on it.
  const deviceToken = attempt.deviceToken ?? randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    // Also the reservation of this attempt, which is of the same kind.
    await clearSignInFailures(tx, keys.emailHash, keys.failureDevice);
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
}

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
    const found = await findAccountByEmail(db, email);
    const deviceHash = attempt.deviceToken ? hashLinkToken(attempt.deviceToken) : null;
    const trusted = Boolean(found && deviceHash && (await isTrustedDevice(db, deviceHash, found.id)));
    const keys: Keys = { emailHash, ip: attempt.ip, failureDevice: trusted ? deviceHash : null, trusted, now };

    const attemptId = await reserveAttempt(db, keys);
    const account = await checkCredentials(db, found, attempt, attemptId, now);
    const practices = await listAccountPractices(db, account.id);
    const practice = practices.find((candidate) => candidate.id === attempt.practiceId) ?? practices[0];
    if (!practice) {
      await settleSignInAttempt(db, attemptId);
      throw new AppError(403, 'FORBIDDEN', 'This account belongs to no practice yet.');
    }
    return startSession(db, { account, practice, attempt, keys });
  };
}
export type StaffSignIn = ReturnType<typeof createStaffSignIn>;
