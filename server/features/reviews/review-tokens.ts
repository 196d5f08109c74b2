import { createLinkToken, hashLinkToken, isWellFormedLinkToken } from '../booking-links/link-tokens.ts';

/**
 * A review link token and the hash that is stored in its place; the request_id the page then uses
 * is a separate random id. Review links follow the one link-token policy (ADR 0033).
 */
export const createReviewToken = createLinkToken;
export const hashReviewToken = hashLinkToken;
export const isWellFormedReviewToken = isWellFormedLinkToken;
