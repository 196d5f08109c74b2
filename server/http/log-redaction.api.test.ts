import { describe, expect, it } from 'vitest';
import { mintBookingLink } from '../features/booking-links/booking-links.ts';
import { createReviewRequest } from '../features/reviews/review-requests.ts';
import { createStaffAccount, mintPasswordLink } from '../features/console/staff/staff-accounts-service.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { solveBotChallenge } from '../test/bot-challenge.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';
import { listRoutes } from '../test/route-list.ts';
import { fixedClock, withTestApp } from '../test/test-app.ts';
import { pathForLog, PUBLIC_PARAMS } from './log-redaction.ts';

/** The request log as the server writes it, read back: link tokens and query strings stay out. */
const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4';
// Monday 2 March 2026: the factory's booking (Tuesday 3 March) is ahead.
const clock = fixedClock('2026-03-02T12:00:00Z');
const lines: string[] = [];

const ctx = withTestApp({
  clock,
  logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
});

describe('request logs', () => {
  it('show a review link and its lookup without the token, and no query string', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/review/${TOKEN}?utm_source=sms` })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/review/verify-request-link/${TOKEN}` })).statusCode,
    ).toBe(404);
    const log = lines.join('');
    // The capture works: the page request was logged, its path redacted.
    expect(log).toContain('"req":{"method":"GET","path":"/review/…"}');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('utm_source');
  });
});

/** Every kind of link the product mints, by its own minting code: the keys a log must not keep. */
async function mintEveryLink(): Promise<{ kind: string; token: string; opens: string[] }[]> {
  const practiceId = (await importPractices(ctx.db, practiceConfig({ form_url: 'log-practice' })))['log-practice']!;
  const booked = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: bookingBody({ practice_id: practiceId, rfv_id: await reasonId(ctx.db, practiceId, 'Exam') }),
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const { appointment_id: appointmentId, manage_path: managePath } = booked.json().result as {
    appointment_id: string;
    manage_path: string;
  };
  const manage = managePath.split('/').at(-1)!;
  const now = clock.now();
  const unsubscribe = await mintBookingLink(ctx.db, {
    appointmentId,
    purpose: 'unsubscribe',
    carriedBy: 'reminder',
    now,
  });
  const review = await createReviewRequest(
    ctx.db,
    {
      practice: { id: practiceId, name: 'Log Practice' },
      source: 'admin',
      firstName: 'Ana',
      lastName: 'Lopez',
      email: null,
      phone: null,
      appointmentId,
      patientId: null,
      channels: [],
    },
    { now, publicUrl: 'https://book.example.test' },
  );
  const { id: accountId } = await createStaffAccount(
    ctx.db,
    { email: 'desk@log-practice.example', role: 'front_desk', practiceIds: [practiceId] },
    now,
  );
  const staffLink = (token: string) => [`/console/set-password/${token}`, `/api/v1/staff/password-links/${token}`];
  const invite = await mintPasswordLink(ctx.db, accountId, 'invite', now);
  const reset = await mintPasswordLink(ctx.db, accountId, 'reset', now);
  const manageApi = `/api/v1/appointment/manage/${manage}`;
  const reviewToken = review.review_url.split('/').at(-1)!;
  return [
    {
      kind: 'manage',
      token: manage,
      opens: [
        managePath,
        manageApi,
        `${manageApi}/calendar.ics`,
        `${manageApi}/slots?start_date=2026-03-03&end_date=2026-03-03`,
      ],
    },
    {
      kind: 'review',
      token: reviewToken,
      opens: [`/review/${reviewToken}`, `/api/v1/review/verify-request-link/${reviewToken}`],
    },
    {
      kind: 'unsubscribe',
      token: unsubscribe,
      opens: [`/unsubscribe/${unsubscribe}`, `/api/v1/unsubscribe/${unsubscribe}`],
    },
    { kind: 'set-password', token: invite, opens: staffLink(invite) },
    { kind: 'reset', token: reset, opens: staffLink(reset) },
  ];
}

describe('every link the product mints', () => {
  it('is opened, page and API, and its token is nowhere in the log', async () => {
    const links = await mintEveryLink();
    lines.length = 0;
    for (const link of links) {
      for (const url of link.opens) {
        const opened = await ctx.app.inject({ method: 'GET', url });
        // Each opens something real (a page, or the API's answer about a live link): not a 404 that proves nothing.
        expect(opened.statusCode, `${link.kind} ${url}: ${opened.body.slice(0, 200)}`).toBeLessThan(400);
      }
    }
    const log = lines.join('');
    for (const link of links) {
      expect(log, link.kind).not.toContain(link.token);
      // The capture works: each page request was logged, its path redacted.
      expect(log, link.kind).toContain(`"path":"${pathForLog(link.opens[0]!)}"`);
    }
    expect(log).toContain('"path":"/console/set-password/…"');
    expect(log).toContain('"path":"/api/v1/staff/password-links/…"');
  });
});

describe('every server route with a parameter', () => {
  // A parameter is a public slug or id, or a key that TOKEN_PATHS redacts: a new route with a key
  // in its path fails here until it is redacted (or named public in PUBLIC_PARAMS, ADR 0042).
  it('logs its path without any key', () => {
    const routes = listRoutes(ctx.app).filter((route) => route.includes('/:'));
    expect(routes.length).toBeGreaterThan(20);
    const leaks = routes.flatMap((route) => {
      const path = route.split(' ')[1]!;
      const url = path.replace(/:(\w+)/g, (_, name: string) =>
        (PUBLIC_PARAMS.api as readonly string[]).includes(name) ? 'public-value' : TOKEN,
      );
      return pathForLog(url).includes(TOKEN) ? [route] : [];
    });
    expect(leaks).toEqual([]);
  });
});
