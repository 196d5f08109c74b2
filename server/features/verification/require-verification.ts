import { normaliseEmail, normalisePhone } from '#domain/verification/contact-normalisation.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator, type Localized } from '../../i18n/translate.ts';
import * as messages from './verification.messages.ts';

const t = translator(messages);

import { VERIFICATION_TOKEN_KEY_NAME, verificationKey } from './verification-keys.ts';
import { isVerificationTokenSpent, spendVerificationToken } from './verification-repository.ts';
import { readVerificationToken, verificationTokenHash } from './verification-token.ts';

const required = (message: Localized) => new AppError(403, 'VERIFICATION_REQUIRED', message);
const alreadyUsed = () => required(t.localized('verificationUsed'));

/**
 * Invariant 3: when the practice verifies patients, a booking needs an unexpired token from
 * `verify-otp` for this practice whose recipient is the booking's e-mail or phone (normalised the
 * same way), not yet spent by another booking. Call it before any transaction: the key may be
 * read from the database. Returns the token's hash for `spendVerification`, or null when the
 * practice does not verify.
 */
export async function requireVerification(
  practice: { id: string; to_verify_patient: boolean },
  body: { email: string; wireless_phone: string },
  tokenHeader: string | undefined,
  deps: { db: Queryable; clock: Clock },
): Promise<string | null> {
  if (!practice.to_verify_patient) return null;
  if (!tokenHeader) throw required(t.localized('verifyFirst'));
  const claims = readVerificationToken(
    await verificationKey(deps.db, VERIFICATION_TOKEN_KEY_NAME),
    tokenHeader,
    deps.clock.now(),
  );
  if (!claims || claims.p !== practice.id) throw required(t.localized('verificationInvalid'));
  const contact = claims.t === 'email' ? normaliseEmail(body.email) : normalisePhone(body.wireless_phone);
  if (contact !== claims.r) {
    throw required(t.localized('verificationMismatch'));
  }
  const tokenHash = verificationTokenHash(tokenHeader);
  if (await isVerificationTokenSpent(deps.db, tokenHash)) throw alreadyUsed();
  return tokenHash;
}

/** Inside the booking's transaction: one token, one booking (a rollback, e.g. a 409, unspends it). */
export async function spendVerification(tx: Queryable, tokenHash: string, appointmentId: string): Promise<void> {
  if (!(await spendVerificationToken(tx, tokenHash, appointmentId))) throw alreadyUsed();
}
