import { STEP_PARAM } from '../navigation/step-history.ts';
import type { MarketingKey, SourceMeta } from './marketing-params.ts';

/**
 * The marketing values a booking sends (spec sections 2 and 9): every query parameter as utm_details, and
 * source, gclid and fbclid from the query or their cookies. Apart from marketing-params.ts, which page 1
 * runs, so that this loads with the contact step (ADR 0080).
 */

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

export function sourceMetaFrom(search: URLSearchParams, cookieHeader: string): SourceMeta {
  const pick = (key: MarketingKey) => search.get(key) || readCookie(cookieHeader, key) || null;
  return { source: pick('source'), gclid: pick('gclid'), fbclid: pick('fbclid') };
}
