import { createHmac, timingSafeEqual } from 'node:crypto';
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

const sign = (key: string, payload: string) => createHmac('sha256', key).update(SIGNING_CONTEXT + payload).digest();

export function signVerificationToken(key: string, claims: VerificationClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function readVerificationToken(key: string, token: string, now: Date): VerificationClaims | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
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
