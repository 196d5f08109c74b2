import type { Queryable } from '../../db/database.ts';
import {
  findLiveBookingLink,
  insertBookingLink,
  type BookingLinkPurpose,
  type LiveBookingLink,
} from './booking-links-repository.ts';
import { createLinkToken, hashLinkToken, isWellFormedLinkToken } from './link-tokens.ts';

// What other features may use of this one's storage (ADR 0073): they import it from here, not from the repository.
export { countBookingLinks } from './booking-links-repository.ts';

/**
 * Links that messages carry to a booking (ADR 0033). Each message mints its own token in one call,
 * inside the transaction that queues the message; only the token's hash is kept, so a token cannot
 * be read back for a later message. A booking may have several live links; each can be revoked,
 * and all are revoked when the booking ends.
 */
export async function mintBookingLink(
  tx: Queryable,
  link: { appointmentId: string; purpose: BookingLinkPurpose; carriedBy: string; now: Date; expiresAt?: Date | null },
): Promise<string> {
  const { token, tokenHash } = createLinkToken();
  await insertBookingLink(tx, {
    appointmentId: link.appointmentId,
    purpose: link.purpose,
    tokenHash,
    carriedBy: link.carriedBy,
    createdAt: link.now,
    expiresAt: link.expiresAt ?? null,
  });
  return token;
}

/** The booking a token opens, or null for a malformed, unknown, revoked or expired token. */
export async function openBookingLink(
  db: Queryable,
  token: string,
  purpose: BookingLinkPurpose,
  now: Date,
): Promise<LiveBookingLink | null> {
  if (!isWellFormedLinkToken(token)) return null;
  return findLiveBookingLink(db, hashLinkToken(token), purpose, now);
}
