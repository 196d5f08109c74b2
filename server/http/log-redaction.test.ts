import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isReservedPath } from '#domain/practice/reserved-paths.ts';
import { pathForLog, PUBLIC_PARAMS, requestForLog, TOKEN_PATHS } from './log-redaction.ts';

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4';

describe('pathForLog', () => {
  it.each([
    [`/review/${TOKEN}`, '/review/…'],
    [`/api/v1/review/verify-request-link/${TOKEN}`, '/api/v1/review/verify-request-link/…'],
    [`/manage/${TOKEN}`, '/manage/…'],
    [`/api/v1/manage/${TOKEN}`, '/api/v1/manage/…'],
    [`/api/v1/manage/${TOKEN}/reschedule`, '/api/v1/manage/…/reschedule'],
    [`/bright-smile/appointment/${TOKEN}`, '/bright-smile/appointment/…'],
    [`/waitlist/${TOKEN}`, '/waitlist/…'],
    [`/api/v1/waitlist/${TOKEN}/accept`, '/api/v1/waitlist/…/accept'],
    [`/unsubscribe/${TOKEN}`, '/unsubscribe/…'],
    [`/api/v1/unsubscribe/${TOKEN}`, '/api/v1/unsubscribe/…'],
    [`/api/v1/appointment/manage/${TOKEN}/calendar.ics`, '/api/v1/appointment/manage/…/calendar.ics'],
    [`/console/set-password/${TOKEN}`, '/console/set-password/…'],
    [`/api/v1/staff/password-links/${TOKEN}`, '/api/v1/staff/password-links/…'],
  ])('redacts the token of %s', (url, logged) => {
    expect(pathForLog(url)).toBe(logged);
  });

  it.each([
    // The router's own spellings of a token path: another case, doubled slashes, a trailing slash.
    [`/Review/${TOKEN}`, '/Review/…'],
    [`//review//${TOKEN}`, '//review//…'],
    [`/review/${TOKEN}/`, '/review/…/'],
    [`/review/${encodeURIComponent(`${TOKEN}/x`)}`, '/review/…'],
  ])('redacts %s too', (url, logged) => {
    expect(pathForLog(url)).toBe(logged);
  });

  it.each([
    '/review/feedback',
    '/api/v1/review/feedback',
    '/api/v1/review/track/5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f',
    '/api/v1/review/request/5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f/practice',
    '/review',
    '/review/',
    '/api/v1/manage',
    '/bright-smile',
    '/bright-smile/payment-success',
    '/api/v1/form/bright-smile',
    '/api/v1/appointment/slots',
    '/_dev/checkout/cs_local_123',
    '/assets/app-test.js',
    '/',
  ])('passes %s unchanged', (path) => {
    expect(pathForLog(path)).toBe(path);
  });

  it('drops the query string, redacted or not', () => {
    expect(pathForLog('/api/v1/patient/check?first_name=Ana&dob=1990-01-01')).toBe('/api/v1/patient/check');
    expect(pathForLog(`/review/${TOKEN}?utm_source=sms`)).toBe('/review/…');
  });
});

describe('requestForLog', () => {
  it('keeps the method and the redacted path only', () => {
    const request = {
      method: 'GET',
      url: `/review/${TOKEN}?x=1`,
      ip: '203.0.113.9',
      headers: { host: 'book.example.com' },
    };
    expect(requestForLog(request)).toEqual({ method: 'GET', path: '/review/…' });
  });
});

describe('TOKEN_PATHS', () => {
  it('each starts with a reserved path or a practice’s own page, so no practice can share a token prefix', () => {
    for (const pattern of TOKEN_PATHS) {
      const first = pattern.split('/')[1]!;
      expect(first === ':formUrl' || isReservedPath(first), pattern).toBe(true);
    }
  });
});

/** Every `<Route path="…">` of the web app, as written (nested ones relative to their parent). */
function webRoutePaths(): string[] {
  const root = fileURLToPath(new URL('../../web/src/', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'),
  );
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/<Route\s+path="([^"]+)"/g)].map((match) => match[1]!),
  );
}

describe('every page with a key in its path', () => {
  const pages = webRoutePaths();

  it('finds the web app’s routes (the check reads them)', () => {
    expect(pages).toEqual(expect.arrayContaining([':formUrl/appointment/:token', 'set-password/:token']));
  });

  // A page parameter is a practice's slug or a link's key: a new page with a key in its path fails
  // here until TOKEN_PATHS redacts it. A nested route (the console's) matches the end of a pattern.
  it.each(pages.filter((page) => page.includes(':')))('%s logs no key', (page) => {
    const parts = page.split('/').filter(Boolean);
    const isSecret = (part: string) =>
      part.startsWith(':') && !(PUBLIC_PARAMS.pages as readonly string[]).includes(part.slice(1));
    if (!parts.some(isSecret)) return;
    const covering = TOKEN_PATHS.find((pattern) => {
      const tail = pattern.split('/').filter(Boolean).slice(-parts.length);
      return (
        tail.length === parts.length &&
        parts.every((part, i) =>
          isSecret(part) ? tail[i] === ':token' : part.startsWith(':') ? tail[i]!.startsWith(':') : tail[i] === part,
        )
      );
    });
    expect(covering, `no TOKEN_PATHS pattern ends with ${page}`).toBeDefined();
    const opened = covering!.replace(':formUrl', 'a-practice').replace(':token', TOKEN);
    expect(pathForLog(opened)).not.toContain(TOKEN);
  });
});
