import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The proof that `verify-otp` hands out: `base64url(JSON claims).base64url(HMAC-SHA256)`.
 * Stateless, so any process with the deployment's key can check it (ADR 0012).
 */
export interface VerificationClaims {
  /** Practice id. */
  p: string;
  /** Normalised recipient: lower-case e-mail or E.164 phone. */
  r: string;
  /** Verification type. */
  t: 'email' | 'text';
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const ClaimsSchema = z.object({ p: z.string(), r: z.string(), t: z.enum(['email', 'text']), exp: z.number().int() });
// Domain separation: the key signs nothing else, but the prefix keeps it that way if it ever does.
const SIGNING_CONTEXT = 'verification-token.v1.';
const MAX_TOKEN_LENGTH = 1_000;

const sign = (key: string, payload: string) =>
  createHmac('sha256', key)
    .update(SIGNING_CONTEXT + payload)
    .digest();

export function signVerificationToken(key: string, claims: VerificationClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

// Unpadded base64url only: Buffer's decoder also takes '+', '/', '=' and stray bits in the last
// character, which would give one token many spellings (and many "unspent" copies).
const CANONICAL_PART = /^[A-Za-z0-9_-]+$/;
const isCanonical = (part: string) =>
  CANONICAL_PART.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;

/**
 * The claims of a genuine, unexpired token in its one canonical form (the exact text
 * `signVerificationToken` wrote); null for anything else.
 */
export function readVerificationToken(key: string, token: string, now: Date): VerificationClaims | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || !isCanonical(payload) || !isCanonical(signature)) return null;
  const expected = sign(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims;
  try {
    claims = ClaimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (!claims.success || claims.data.exp * 1000 <= now.getTime()) return null;
  return claims.data;
}

/** What the database keeps of a spent token: its hash, never the token (it still books until it expires). */
export function verificationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
