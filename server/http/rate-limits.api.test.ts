import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, fixedClock, withTestApp } from '../test/test-app.ts';
import { listRoutes } from '../test/route-list.ts';

/**
 * Every public write, and every lookup by a secret or by patient data, answers 429 once one
 * address exceeds its limit. The table holds each limit's default (RATE_LIMIT_MULTIPLIER=1); the
 * route list is read from the app, so a new API route fails here until it is classified.
 */
const ADMIN_KEY = 'admin-key-for-rate-limit-tests';
const UNKNOWN_ID = '5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f';
const MINUTE = 60_000;

interface LimitedRoute {
  method: 'GET' | 'POST';
  /** The route as registered; `url` is one concrete request to it (cheap: refused before any work). */
  route: string;
  url: string;
  max: number;
  windowMs: number;
  headers?: Record<string, string>;
}

const admin = { authorization: `Bearer ${ADMIN_KEY}` };
const LIMITED: LimitedRoute[] = [
  { method: 'POST', route: '/api/v1/appointment', url: '/api/v1/appointment', max: 20, windowMs: 10 * MINUTE },
  { method: 'POST', route: '/api/v1/patient', url: '/api/v1/patient', max: 30, windowMs: MINUTE },
  { method: 'GET', route: '/api/v1/patient/check', url: '/api/v1/patient/check', max: 30, windowMs: MINUTE },
  { method: 'POST', route: '/api/v1/verify/send-otp', url: '/api/v1/verify/send-otp', max: 20, windowMs: 10 * MINUTE },
  {
    method: 'POST',
    route: '/api/v1/verify/verify-otp',
    url: '/api/v1/verify/verify-otp',
    max: 60,
    windowMs: 10 * MINUTE,
  },
  { method: 'POST', route: '/api/v1/review/feedback', url: '/api/v1/review/feedback', max: 10, windowMs: 10 * MINUTE },
  {
    method: 'POST',
    route: '/api/v1/stripe/create-session',
    url: '/api/v1/stripe/create-session',
    max: 20,
    windowMs: 10 * MINUTE,
  },
  {
    method: 'POST',
    route: '/api/v1/stripe/retry-session',
    url: '/api/v1/stripe/retry-session',
    max: 20,
    windowMs: 10 * MINUTE,
  },
  {
    method: 'GET',
    route: '/api/v1/stripe/check-payment-status',
    url: '/api/v1/stripe/check-payment-status',
    max: 60,
    windowMs: MINUTE,
  },
  { method: 'GET', route: '/api/v1/captcha/challenge', url: '/api/v1/captcha/challenge', max: 60, windowMs: MINUTE },
  // The booking funnel's beacons (ADR 0080): a visit sends at most one per step.
  { method: 'POST', route: '/api/v1/events', url: '/api/v1/events', max: 300, windowMs: MINUTE },
  {
    method: 'GET',
    route: '/api/v1/review/verify-request-link/:token',
    url: '/api/v1/review/verify-request-link/not-a-token',
    max: 60,
    windowMs: MINUTE,
  },
  {
    method: 'GET',
    route: '/api/v1/appointment/manage/:token',
    url: '/api/v1/appointment/manage/not-a-token',
    max: 60,
    windowMs: MINUTE,
  },
  {
    method: 'GET',
    route: '/api/v1/appointment/manage/:token/slots',
    url: '/api/v1/appointment/manage/not-a-token/slots',
    max: 60,
    windowMs: MINUTE,
  },
  {
    method: 'GET',
    route: '/api/v1/appointment/manage/:token/calendar.ics',
    url: '/api/v1/appointment/manage/not-a-token/calendar.ics',
    max: 60,
    windowMs: MINUTE,
  },
  {
    method: 'POST',
    route: '/api/v1/appointment/manage/:token/reschedule',
    url: '/api/v1/appointment/manage/not-a-token/reschedule',
    max: 20,
    windowMs: 10 * MINUTE,
  },
  {
    method: 'POST',
    route: '/api/v1/appointment/manage/:token/checkout',
    url: '/api/v1/appointment/manage/not-a-token/checkout',
    max: 20,
    windowMs: 10 * MINUTE,
  },
  {
    method: 'POST',
    route: '/api/v1/appointment/manage/:token/cancel',
    url: '/api/v1/appointment/manage/not-a-token/cancel',
    max: 20,
    windowMs: 10 * MINUTE,
  },
  {
    method: 'POST',
    route: '/api/v1/appointment/manage/:token/confirm',
    url: '/api/v1/appointment/manage/not-a-token/confirm',
    max: 20,
    windowMs: 10 * MINUTE,
  },
  {
    method: 'GET',
    route: '/api/v1/unsubscribe/:token',
    url: '/api/v1/unsubscribe/not-a-token',
    max: 60,
    windowMs: MINUTE,
  },
  {
    method: 'POST',
    route: '/api/v1/unsubscribe/:token',
    url: '/api/v1/unsubscribe/not-a-token',
    max: 20,
    windowMs: 10 * MINUTE,
  },
  {
    method: 'GET',
    route: '/api/v1/review/track/:requestId',
    url: `/api/v1/review/track/${UNKNOWN_ID}`,
    max: 60,
    windowMs: MINUTE,
  },
  {
    method: 'GET',
    route: '/api/v1/review/request/:requestId/practice',
    url: `/api/v1/review/request/${UNKNOWN_ID}/practice`,
    max: 60,
    windowMs: MINUTE,
  },
  {
    method: 'POST',
    route: '/api/v1/admin/review-requests',
    url: '/api/v1/admin/review-requests',
    max: 120,
    windowMs: MINUTE,
    headers: admin,
  },
  // Every staff route has the staff API's limit, per route (staff-routes.ts); two stand for them all.
  { method: 'POST', route: '/api/v1/staff/session', url: '/api/v1/staff/session', max: 600, windowMs: MINUTE },
  { method: 'GET', route: '/api/v1/staff/session', url: '/api/v1/staff/session', max: 600, windowMs: MINUTE },
  {
    method: 'GET',
    route: '/api/v1/admin/review-requests/:requestId',
    url: `/api/v1/admin/review-requests/${UNKNOWN_ID}`,
    max: 120,
    windowMs: MINUTE,
    headers: admin,
  },
];

/** API routes without a per-IP limit, each with the reason. */
const EXEMPT: Record<string, string> = {
  'GET /api/v1/health': 'polled by monitors and load balancers; reads nothing private',
  'GET /api/v1/about':
    "the page at /: a development server's practice list, a production server's empty one (no query) (ADR 0065)",
  'GET /api/v1/openapi.json': 'the API description, built once per process and the same for everyone (ADR 0070)',
  'GET /api/v1/openapi-staff.json': "the staff API description, built once; a staff session's cookie only",
  'GET /api/v1/docs': 'the API reference page, built once per process and the same for everyone (ADR 0070)',
  'GET /api/v1/form/:formUrl': 'public practice details, the same for everyone',
  'GET /api/v1/clinic': 'public practice details',
  'GET /api/v1/reason-for-visit': 'public practice details',
  'GET /api/v1/appointment/slots':
    'public availability, cached per process for 20 s; Open Dental calls are throttled per office',
  'POST /api/v1/stripe/webhook': "authenticated by Stripe's signature; Stripe's retries must never be refused",
  'POST /api/v1/sms/status':
    "authenticated by Twilio's signature (unsigned only with dev tools on); a refused report would " +
    'leave a delivery unknown',
  'POST /api/v1/sms/inbound':
    "authenticated by Twilio's signature (unsigned only with dev tools on, for simulated replies); a " +
    'refused STOP would be a lost opt-out',
};

const ctx = withTestApp({ config: { rateLimitMultiplier: 1, adminApiKey: ADMIN_KEY } });

const send = (route: LimitedRoute, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: route.method,
    url: route.url,
    headers: { ...route.headers, ...headers },
    ...(route.method === 'POST' ? { payload: {} } : {}),
  });

describe('per-IP rate limits', () => {
  it('covers every API route: each is limited or exempt for a stated reason', () => {
    const limited = LIMITED.map((r) => `${r.method} ${r.route}`);
    const apiRoutes = listRoutes(ctx.app).filter((r) => r.startsWith('GET /api/') || r.startsWith('POST /api/'));
    const staffDefault = (r: string) => / \/api\/v1\/staff\//.test(r);
    expect(apiRoutes.filter((r) => !limited.includes(r) && !(r in EXEMPT) && !staffDefault(r))).toEqual([]);
    // Every write is limited, except the signed webhooks (staff writes by the staff plugin's limit).
    expect(apiRoutes.filter((r) => r.startsWith('POST ') && !limited.includes(r) && !staffDefault(r))).toEqual([
      'POST /api/v1/sms/inbound',
      'POST /api/v1/sms/status',
      'POST /api/v1/stripe/webhook',
    ]);
  });

  it.each(LIMITED.map((r) => [`${r.method} ${r.route}`, r] as const))(
    '%s answers 429 RATE_LIMITED after its default limit',
    async (_name, route) => {
      for (let i = 0; i < route.max; i++) {
        const response = await send(route);
        expect(response.statusCode, `request ${i + 1}: ${response.body.slice(0, 200)}`).not.toBe(429);
        expect(response.statusCode).toBeLessThan(500);
      }
      const refused = await send(route);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(route.windowMs / 1000);
      // Without TRUST_PROXY a made-up X-Forwarded-For is ignored: rotating it escapes nothing.
      expect((await send(route, { 'x-forwarded-for': `203.0.113.${route.max}` })).statusCode).toBe(429);
    },
  );
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  it("counts each client by the proxy's X-Forwarded-For, so one patient's limit does not block the next", async () => {
    const proxied = await createTestApp(ctx.db, {
      config: { rateLimitMultiplier: 1, trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy },
    });
    try {
      const challenge = LIMITED.find((r) => r.route === '/api/v1/captcha/challenge')!;
      const from = (ip: string) =>
        proxied.inject({ method: 'GET', url: challenge.url, headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < challenge.max; i++) expect((await from('198.51.100.7')).statusCode).toBe(200);
      expect((await from('198.51.100.7')).statusCode).toBe(429);
      // Another client behind the same proxy (the same socket address) still gets its own budget.
      expect((await from('198.51.100.8')).statusCode).toBe(200);
      // The proxy appends the real client last; a forged address in front does not change who is counted.
      expect((await from('203.0.113.1, 198.51.100.7')).statusCode).toBe(429);
      // A peer that is not a trusted proxy (here a public address) cannot pick its address at all.
      const direct = (ip: string) =>
        proxied.inject({
          method: 'GET',
          url: challenge.url,
          remoteAddress: '192.0.2.50',
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 0; i < challenge.max; i++) expect((await direct(`198.51.100.${100 + i}`)).statusCode).toBe(200);
      expect((await direct('198.51.100.250')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('counters in the database (ADR 0019)', () => {
  it('are shared by every process on one database, and a window ends by the clock', async () => {
    const clock = fixedClock('2026-03-02T12:00:00Z');
    const config = { rateLimitMultiplier: 1 };
    const [first, second] = [
      await createTestApp(ctx.db, { config, clock }),
      await createTestApp(ctx.db, { config, clock }),
    ];
    try {
      const challenge = LIMITED.find((r) => r.route === '/api/v1/captcha/challenge')!;
      const ask = (server: FastifyInstance) =>
        server.inject({ method: 'GET', url: challenge.url, remoteAddress: '192.0.2.77' });
      // Half the budget through each process: together they reach the limit.
      for (let i = 0; i < challenge.max; i++) expect((await ask(i % 2 === 0 ? first : second)).statusCode).toBe(200);
      expect((await ask(first)).statusCode).toBe(429);
      expect((await ask(second)).statusCode).toBe(429);

      clock.advance(challenge.windowMs);
      expect((await ask(second)).statusCode).toBe(200);
      clock.advance(challenge.windowMs);
      const sweep = first.background.periodic.find((task) => task.name === 'forget ended rate-limit windows')!;
      expect(await sweep.run()).toBeGreaterThanOrEqual(1);
      const left = await ctx.db.query<{ key: string }>(
        "select key from rate_limit_counters where key like '%192.0.2.77'",
      );
      expect(left).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
