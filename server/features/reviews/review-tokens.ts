import { createHash, randomBytes } from 'node:crypto';

// 192 random bits: unguessable, and 32 URL-safe characters in base64url.
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * A review link token and the hash that is stored in its place: whoever reads the database (or a
 * backup) cannot rebuild the links. The request_id the page then uses is a separate random id.
 */
export function createReviewToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashReviewToken(token) };
}

export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedReviewToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
