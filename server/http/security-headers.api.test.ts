import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importDemoPracticesIfEmpty } from '../features/practices/demo-practices.ts';
import { createTestApp, FIXTURE_WEB_DIR, withTestDatabase } from '../test/test-app.ts';
import { listRoutes } from '../test/route-list.ts';

/**
 * The browser-facing protections: CSP, HSTS (production only), nosniff, referrer and frame
 * policies on every kind of response; no CORS for other origins; no cookies set by the server;
 * and the dev pages and the admin API absent in production unless configured.
 */
let dev: FastifyInstance;
let production: FastifyInstance;

afterAll(async () => {
  await dev?.close();
  await production?.close();
});
withTestDatabase(async (db) => {
  await importDemoPracticesIfEmpty(db);
  dev = await createTestApp(db, { config: { adminApiKey: 'admin-key-for-header-tests' } });
  // What a production start gives without extra settings: dev tools off, no admin key.
  production = await createTestApp(db, {
    config: { nodeEnv: 'production', devTools: false, adminApiKey: undefined, publicUrl: 'https://book.example.com' },
  });
});

const SAMPLES = [
  '/bright-smile',
  '/api/v1/form/bright-smile',
  '/assets/app-test.js',
  '/api/v1/nothing-here',
  '/no-such-practice',
];
const FOREIGN = 'https://evil.example';

// ADR 0085: the one inline script, the start script written into server-rendered pages, is allowed by the hash of
// its exact bytes (here the stand-in build's); no 'unsafe-inline', so any other inline script is refused.
const startScript = readFileSync(join(FIXTURE_WEB_DIR, 'booking-page-start.js'));
const SCRIPT_SRC = `'self' 'sha256-${createHash('sha256').update(startScript).digest('base64')}'`;

function directives(csp: unknown): Record<string, string> {
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it.each(SAMPLES)('%s carries the CSP, nosniff, referrer and frame policies', async (url) => {
    const response = await dev.inject({ method: 'GET', url });
    expect(directives(response.headers['content-security-policy'])).toEqual({
      'default-src': "'self'",
      'script-src': SCRIPT_SRC,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: https:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'form-action': "'self' https://checkout.stripe.com",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(SAMPLES)('%s in production adds HSTS for a year and upgrades insecure requests', async (url) => {
    // At the public address itself: elsewhere a page would be a redirect to it (ADR 0023).
    const response = await production.inject({ method: 'GET', url, headers: { host: 'book.example.com' } });
    expect(response.statusCode).not.toBe(301);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response.headers['content-security-policy'])).toMatchObject({
      'upgrade-insecure-requests': '',
      'script-src': SCRIPT_SRC,
    });
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('cross-origin requests (same origin only: no CORS)', () => {
  it.each([
    ['GET', '/api/v1/form/bright-smile'],
    ['POST', '/api/v1/appointment'],
    ['POST', '/api/v1/verify/send-otp'],
    ['GET', '/bright-smile'],
  ])('gives %s %s from a foreign Origin no Access-Control-Allow-* header', async (method, url) => {
    const response = await dev.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { origin: FOREIGN },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('answers a preflight from a foreign Origin without allowing anything', async () => {
    const response = await dev.inject({
      method: 'OPTIONS',
      url: '/api/v1/appointment',
      headers: {
        origin: FOREIGN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-bot-challenge',
      },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('cookies', () => {
  it('are never set by the server, on any route', async () => {
    const routes = listRoutes(dev);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      const url = path.replace(/:\w+/g, 'x').replace('/*', '/bright-smile');
      const response = await dev.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.headers['set-cookie'], route).toBeUndefined();
    }
  });
});

describe('production without dev or admin settings', () => {
  it.each([
    ['GET', '/_dev/outbox'],
    ['GET', '/_dev/outbox?format=json'],
    ['GET', '/_dev/checkout/cs_local_x'],
    ['POST', '/_dev/checkout/cs_local_x/pay'],
    ['GET', '/_dev/clock'],
    ['POST', '/_dev/clock'],
    ['DELETE', '/_dev/clock'],
    ['POST', '/_dev/sms/reply'],
    ['POST', '/api/v1/admin/review-requests'],
    ['GET', '/api/v1/admin/review-requests/5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f'],
  ])('answers %s %s with 404', async (method, url) => {
    const response = await production.inject({
      method: method as 'GET' | 'POST' | 'DELETE',
      url,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/outbox|Pay<|review_url/i);
  });

  it('registers no /_dev/ or admin route at all (a development app with an admin key has all nine)', () => {
    const devOrAdmin = (app: FastifyInstance) => listRoutes(app).filter((route) => /\/_dev\/|\/admin\//.test(route));
    expect(devOrAdmin(production)).toEqual([]);
    expect(devOrAdmin(dev)).toHaveLength(9);
  });
});
