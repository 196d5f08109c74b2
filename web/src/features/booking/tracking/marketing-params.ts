/**
 * Spec sections 2 and 9: every query parameter goes with the booking as utm_details, and the
 * marketing values source, gclid and fbclid are kept in cookies for 30 days, query values winning.
 * What the booking sends of them (booking-marketing.ts) loads with the contact step, not page 1 (ADR 0080).
 */

export const MARKETING_KEYS = ['source', 'gclid', 'fbclid'] as const;
export type MarketingKey = (typeof MARKETING_KEYS)[number];
export type SourceMeta = Record<MarketingKey, string | null>;

const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/**
 * Stores the query's marketing values in 30-day cookies; call once when the booking page opens.
 * SameSite=Lax keeps them off other sites' requests; on https they are Secure, so they never
 * travel over plain http (browsers refuse Secure cookies from http pages, hence only there).
 */
export function rememberMarketingParams(
  search: URLSearchParams,
  doc: Pick<Document, 'cookie' | 'location'> = document,
): void {
  const secure = doc.location.protocol === 'https:' ? '; secure' : '';
  const attributes = `max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax${secure}`;
  for (const key of MARKETING_KEYS) {
    const value = search.get(key);
    if (value) doc.cookie = `${key}=${encodeURIComponent(value.slice(0, 500))}; ${attributes}`;
  }
}
