import { createChallenge, extractParams } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '#domain/captcha/captcha-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator, type Localized } from '../../i18n/translate.ts';
import * as messages from './captcha.messages.ts';

const t = translator(messages);

import { markChallengeUsed } from './captcha-repository.ts';
import { isSolvedChallenge } from './altcha-proof.ts';

const CHALLENGE_LIFETIME_MS = 10 * 60_000;

export interface CaptchaService {
  issueChallenge(): Promise<CaptchaChallenge>;
  /** Checks the `X-Bot-Challenge` header (signature, solution, expiry); no database write. */
  verify(header: string | undefined): Promise<VerifiedChallenge>;
  /** Burns a verified solution inside the caller's transaction; a replay is refused. */
  consume(tx: Queryable, proof: VerifiedChallenge): Promise<void>;
}

export interface VerifiedChallenge {
  signature: string;
  expiresAt: Date;
}

const failed = (message: Localized) => new AppError(403, 'CAPTCHA_FAILED', message);

/**
 * ALTCHA proof of work, self-hosted: no third party sees our visitors. Expiry is checked against
 * the app clock (not the library's Date.now) so tests can move time.
 */
export function createCaptchaService(deps: {
  hmacKey: () => Promise<string>;
  maxNumber: number;
  clock: Clock;
}): CaptchaService {
  // Read once, on first use: building the app must not need the database to be up.
  let key: Promise<string> | undefined;
  const hmacKey = () => {
    key ??= deps.hmacKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    async issueChallenge() {
      const challenge = await createChallenge({
        hmacKey: await hmacKey(),
        maxNumber: deps.maxNumber,
        algorithm: 'SHA-256',
        expires: new Date(deps.clock.now().getTime() + CHALLENGE_LIFETIME_MS),
      });
      return { ...challenge, maxnumber: deps.maxNumber };
    },

    async verify(header) {
      if (!header) throw failed(t.localized('missing'));
      const payload = decodePayload(header);
      if (!payload) throw failed(t.localized('unreadable'));
      const expires = Number(extractParams(payload).expires);
      if (!Number.isFinite(expires) || expires * 1000 < deps.clock.now().getTime()) {
        throw failed(t.localized('expired'));
      }
      if (!isSolvedChallenge(payload, await hmacKey())) throw failed(t.localized('failed'));
      return { signature: payload.signature, expiresAt: new Date(expires * 1000) };
    },

    async consume(tx, proof) {
      if (!(await markChallengeUsed(tx, proof.signature, proof.expiresAt))) throw failed(t.localized('alreadyUsed'));
    },
  };
}

interface Payload {
  algorithm: 'SHA-1' | 'SHA-256' | 'SHA-512';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodePayload(header: string): Payload | null {
  if (header.length > 2_000) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const p = value as Record<string, unknown>;
    const isText = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length < 500;
    if (
      p.algorithm !== 'SHA-256' ||
      !isText(p.challenge) ||
      !isText(p.salt) ||
      !isText(p.signature) ||
      !Number.isInteger(p.number)
    )
      return null;
    return p as unknown as Payload;
  } catch {
    return null;
  }
}
