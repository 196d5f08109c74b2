import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  RESEND_COOLDOWN_SECONDS,
  type SendOtpBody,
  type SendOtpResult,
  type VerifyOtpBody,
  type VerifyOtpResult,
} from '#domain/verification/verification-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, type ErrorText } from '../../http/app-error.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import { translator, type Localized } from '../../i18n/translate.ts';
import * as messages from './verification.messages.ts';

const t = translator(messages);

import { enqueueEmail, enqueueSms, messageJobKey } from '../../jobs/message-jobs.ts';
import type { JobRunNow } from '../../jobs/run-job-now.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { checkSendLimits, SEND_HISTORY_MS } from './send-limits.ts';
import { OTP_HMAC_KEY_NAME, VERIFICATION_TOKEN_KEY_NAME, verificationKey } from './verification-keys.ts';
import {
  deleteCode,
  findCodeForUpdate,
  listRecentSends,
  lockRecipient,
  pruneVerificationRows,
  recordFailedAttempt,
  recordSend,
  upsertCode,
  withdrawSend,
  type CodeKey,
} from './verification-repository.ts';
import { signVerificationToken } from './verification-token.ts';

// What other features may use of this one's storage (ADR 0073): they import it from here, not from the repository.
export { spendHeldVerificationToken } from './verification-repository.ts';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const TOKEN_LIFETIME_MS = 30 * 60_000;
export const MAX_FAILED_ATTEMPTS = 5;
// Expired codes stay a while so a late check hears "expired" rather than "no code".
const EXPIRED_CODE_RETENTION_MS = 60 * 60_000;

/** A 429 that also tells the client, in Retry-After, when to come back. */
export class RetryLaterError extends AppError {
  constructor(
    message: ErrorText,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

export interface VerificationService {
  /** `language`: the request's (no booking exists yet); the code's message and the answer are in it. */
  sendCode(body: SendOtpBody, language?: Language): Promise<{ message: string; result: SendOtpResult }>;
  checkCode(body: VerifyOtpBody, language?: Language): Promise<{ message: string; result: VerifyOtpResult }>;
}

type CheckOutcome =
  | { kind: 'verified' }
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'exhausted' }
  | { kind: 'wrong'; triesLeft: number };

const invalid = (message: Localized) => new AppError(400, 'OTP_INVALID', message);

/** How long send-otp waits for the code's first delivery attempt before answering anyway (ADR 0021). */
export const CODE_DELIVERY_WAIT_MS = 8_000;
// Workers leave the code's job alone this long, so the request's own first attempt comes first; a
// process that dies before making it leaves the job to them after this.
const CODE_JOB_GRACE_MS = 60_000;

/** The message a patient sees when the first attempt failed: permanent refusals point at the address. */
function deliveryFailed(channel: 'email' | 'sms', isPermanent: boolean): AppError {
  const message = isPermanent
    ? t.localized(channel === 'email' ? 'notSentEmail' : 'notSentPhone')
    : t.localized('notSentNow');
  return new AppError(502, 'DELIVERY_FAILED', message);
}

export interface CodeDelivery {
  runNow: JobRunNow;
  waitMs?: number;
}

/** Said when a code is asked for by text on a server that sends no texts (ADR 0029). */
export const NO_TEXT_CODES_MESSAGE = t('en', 'noTextCodes');

/** `texts: false`: this server sends no text messages, so codes go by e-mail only (ADR 0029). */
export type VerificationDeps = {
  db: Database;
  clock: Clock;
  practices: PracticesService;
  delivery?: CodeDelivery | undefined;
  texts?: boolean;
};

async function sendCode(
  deps: VerificationDeps,
  body: SendOtpBody,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ message: string; result: SendOtpResult }> {
  const { db, clock, delivery } = deps;
  const practice = await deps.practices.requirePractice(body.practice_id);
  if (!practice.to_verify_patient) throw new AppError(403, 'FORBIDDEN', t.localized('notVerifying'));
  if (body.verification_type === 'text' && deps.texts === false)
    throw AppError.badRequest(t.localized('noTextCodes'), { verification_type: t.localized('noTextCodesField') });
  // Keys before the transaction: on PGlite a query beside an open transaction would wait forever.
  const otpKey = await verificationKey(db, OTP_HMAC_KEY_NAME);
  const code = randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
  const key: CodeKey = { practiceId: practice.id, recipient: body.recipient, purpose: 'booking' };
  const channel = body.verification_type === 'email' ? 'email' : 'sms';
  const now = clock.now();
  const hash = hashCode(otpKey, key, code);
  const jobKey = await db.transaction(async (tx) => {
    await lockRecipient(tx, body.recipient);
    const refusal = checkSendLimits(
      await listRecentSends(tx, body.recipient, new Date(now.getTime() - SEND_HISTORY_MS)),
      now,
    );
    if (refusal) throw new RetryLaterError(refusal.text, refusal.retryAfterSeconds);
    const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);
    await upsertCode(tx, key, { channel, hash, expiresAt, createdAt: now });
    await recordSend(tx, body.recipient, now);
    // In the same transaction: the code is stored and its message queued, or neither.
    const runAt = delivery ? new Date(now.getTime() + CODE_JOB_GRACE_MS) : undefined;
    const queued = await queueCodeMessage(tx, {
      channel,
      to: body.recipient,
      practiceId: practice.id,
      practiceName: practice.name,
      code,
      expiresAt,
      runAt,
      language,
    });
    await pruneVerificationRows(tx, {
      codesExpiredBefore: new Date(now.getTime() - EXPIRED_CODE_RETENTION_MS),
      sendsBefore: new Date(now.getTime() - SEND_HISTORY_MS),
    });
    return queued;
  });
  if (delivery) {
    const outcome = await delivery.runNow.run(jobKey, delivery.waitMs ?? CODE_DELIVERY_WAIT_MS);
    if (outcome.status === 'failed' || outcome.status === 'retrying') {
      // The patient is told now, so a later retry would only bring a code they no longer expect.
      // not patient-facing (a note on the job, for operators)
      if (outcome.status === 'retrying')
        await delivery.runNow.cancel(outcome.jobId, 'The patient was told the code could not be sent.');
      await db.transaction((tx) => withdrawSend(tx, key, { hash, sentAt: now }));
      throw deliveryFailed(channel, outcome.status === 'failed');
    }
  }
  return {
    message: t(language, channel === 'email' ? 'codeSentEmail' : 'codeSentPhone', { digits: OTP_LENGTH }),
    result: {
      recipient: body.recipient,
      expires_in_seconds: CODE_LIFETIME_MS / 1000,
      resend_in_seconds: RESEND_COOLDOWN_SECONDS,
    },
  };
}

async function checkCode(
  deps: VerificationDeps,
  body: VerifyOtpBody,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ message: string; result: VerifyOtpResult }> {
  const { db, clock } = deps;
  const otpKey = await verificationKey(db, OTP_HMAC_KEY_NAME);
  const tokenKey = await verificationKey(db, VERIFICATION_TOKEN_KEY_NAME);
  const key: CodeKey = { practiceId: body.practice_id, recipient: body.recipient, purpose: 'booking' };
  const now = clock.now();
  // The outcome is returned, not thrown: a throw would roll back the failed try it must count.
  const outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
    const stored = await findCodeForUpdate(tx, key);
    if (!stored) return { kind: 'missing' };
    if (stored.expires_at.getTime() <= now.getTime() || stored.failed_attempts >= MAX_FAILED_ATTEMPTS) {
      await deleteCode(tx, stored.id);
      return { kind: stored.failed_attempts >= MAX_FAILED_ATTEMPTS ? 'exhausted' : 'expired' };
    }
    if (isSameHash(hashCode(otpKey, key, body.otp), stored.code_hash)) {
      await deleteCode(tx, stored.id);
      return { kind: 'verified' };
    }
    const failed = await recordFailedAttempt(tx, stored.id);
    if (failed < MAX_FAILED_ATTEMPTS) return { kind: 'wrong', triesLeft: MAX_FAILED_ATTEMPTS - failed };
    await deleteCode(tx, stored.id);
    return { kind: 'exhausted' };
  });
  switch (outcome.kind) {
    case 'missing':
      throw invalid(t.localized('noValidCode'));
    case 'expired':
      throw invalid(t.localized('codeExpired'));
    case 'exhausted':
      throw invalid(t.localized('tooManyWrong'));
    case 'wrong':
      throw invalid(t.localized('wrongCode', { tries: outcome.triesLeft }));
    case 'verified':
      break;
  }
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  const token = signVerificationToken(tokenKey, {
    p: body.practice_id,
    r: body.recipient,
    t: body.verification_type,
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  return {
    message: t(language, body.verification_type === 'email' ? 'verifiedEmail' : 'verifiedPhone'),
    result: { verification_token: token, expires_at: expiresAt.toISOString() },
  };
}

export function createVerificationService(deps: VerificationDeps): VerificationService {
  return {
    sendCode: (body, language) => sendCode(deps, body, language),
    checkCode: (body, language) => checkCode(deps, body, language),
  };
}

/** The code is kept only as this keyed hash, bound to where and what it was sent for. */
function hashCode(otpKey: string, key: CodeKey, code: string): string {
  return createHmac('sha256', otpKey)
    .update(`${key.purpose}\n${key.practiceId}\n${key.recipient}\n${code}`)
    .digest('hex');
}

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The code and the practice name, nothing about the patient (a phone may show it on a locked screen).
 * The job dies with the code (no attempt after it expired) and its text, which holds the code, is
 * removed from the jobs table once the job is done or failed (ADR 0012).
 */
async function queueCodeMessage(
  tx: Queryable,
  message: {
    channel: 'email' | 'sms';
    to: string;
    practiceId: string;
    practiceName: string;
    code: string;
    expiresAt: Date;
    runAt: Date | undefined;
    language: Language;
  },
): Promise<string> {
  const options = { expiresAt: message.expiresAt, isSecret: true, runAt: message.runAt };
  const text = t(message.language, 'codeText', {
    practice: message.practiceName,
    code: message.code,
    minutes: CODE_LIFETIME_MS / 60_000,
  });
  const idempotencyKey = `verification-code:${randomUUID()}`;
  if (message.channel === 'email') {
    await enqueueEmail(
      tx,
      {
        to: message.to,
        subject: t(message.language, 'codeSubject', { practice: message.practiceName }),
        text,
        idempotencyKey,
      },
      options,
    );
  } else {
    // Asked for this moment, so it goes even after an opt-out (Twilio may still refuse a number
    // that replied STOP to this sender; the patient then hears the code could not be sent).
    await enqueueSms(
      tx,
      { to: message.to, text, idempotencyKey, practiceId: message.practiceId, isRequestedByPatient: true },
      options,
    );
  }
  return messageJobKey(message.channel, idempotencyKey);
}
