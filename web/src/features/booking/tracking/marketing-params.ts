import { STEP_PARAM } from '../navigation/step-history.ts';

/**
 * Spec sections 2 and 9: every query parameter goes with the booking as utm_details, and the
 * marketing values source, gclid and fbclid are kept in cookies for 30 days, query values winning.
 */

export const MARKETING_KEYS = ['source', 'gclid', 'fbclid'] as const;
export type MarketingKey = (typeof MARKETING_KEYS)[number];
export type SourceMeta = Record<MarketingKey, string | null>;

const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// The server accepts at most 50 parameters of up to 100/1000 characters; more would refuse the booking.
const MAX_PARAMS = 50;
const MAX_KEY_LENGTH = 100;
const MAX_VALUE_LENGTH = 1_000;

export function utmDetailsFrom(search: URLSearchParams): Record<string, string> {
  const details: Record<string, string> = {};
  for (const [key, value] of search) {
    // The booking's own step (ADR 0020) is not a campaign detail.
    if (key === STEP_PARAM) continue;
    if (Object.keys(details).length >= MAX_PARAMS) break;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) continue;
    details[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return details;
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) {
      try {
        return decodeURIComponent(rest.join('=').trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

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

export function sourceMetaFrom(search: URLSearchParams, cookieHeader: string): SourceMeta {
  const pick = (key: MarketingKey) => search.get(key) || readCookie(cookieHeader, key) || null;
  return { source: pick('source'), gclid: pick('gclid'), fbclid: pick('fbclid') };
}
