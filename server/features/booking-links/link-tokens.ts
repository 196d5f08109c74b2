import { createHash, randomBytes } from 'node:crypto';

// 192 random bits (at least 128 is the policy, ADR 0033): unguessable, 32 URL-safe characters.
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * A token a link carries and the hash stored in its place (review, manage and waitlist links):
 * whoever reads the database or a backup cannot rebuild the links, so a later message never
 * reuses a token; it mints its own.
 */
export function createLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Checked before any lookup, so a malformed token costs no query. */
export function isWellFormedLinkToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
