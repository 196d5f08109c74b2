import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { releaseExpiredHolds } from '../../test/booking-requests.ts';

/** Browser Back from the checkout, and "Try the payment again" (ADR 0024). */

const clock = fixedClock('2026-03-02T12:00:00Z');
const ORIGIN = 'http://localhost:8080';
let practiceId: string;
let otherPracticeId: string;
let paidId: string;
let otherPaidId: string;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    const reasons = [{ name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true }];
    practiceId = (await importPractices(db, practiceConfig({ reasons })))['test-practice']!;
    otherPracticeId = (
      await importPractices(db, practiceConfig({ form_url: 'other-practice', name: 'Other Practice', reasons }))
    )['other-practice']!;
    paidId = await reasonId(db, practiceId, 'Whitening');
    otherPaidId = await reasonId(db, otherPracticeId, 'Whitening');
  },
});
beforeEach(() => clock.set('2026-03-02T12:00:00Z'));

async function createSession(body: Record<string, unknown>, extras: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-session',
    payload: { ...bookingBody({ practice_id: practiceId, rfv_id: paidId, ...body }), ...extras },
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  });
  return { status: response.statusCode, body: response.json() };
}

const rowOf = async (sessionId: string) =>
  (
    await ctx.db.query<{ id: string; status: string; payment_status: string; starts_at: Date }>(
      'select id, status, payment_status, starts_at from appointments where payment_session_id = $1',
      [sessionId],
    )
  )[0];
const localStatus = async (sessionId: string) =>
  (await ctx.db.query<{ status: string }>('select status from local_checkout_sessions where id = $1', [sessionId]))[0]!
    .status;
const activeHoldsOf = async (email: string) =>
  Number(
    (
      await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from appointments where email = $1 and status in ('pending_payment', 'booked')`,
        [email],
      )
    )[0]!.n,
  );
const post = (url: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: '',
  });
const retry = (sessionId: string, practice = practiceId) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/retry-session',
    payload: { session_id: sessionId, practice_id: practice },
  });

describe('create-session with the checkout this browser left (replaces_session_id)', () => {
  it('resumes the same open checkout for the same booking, instead of "taken by someone else"', async () => {
    const slot = { start_time: '09:00:00', end_time: '09:30:00', email: 'resume@example.com' };
    const first = await createSession(slot);
    expect(first.status).toBe(201);
    // Without the id the patient's own hold looks like anybody's: that is what the browser must avoid.
    expect((await createSession(slot)).status).toBe(409);
    const again = await createSession(slot, { replaces_session_id: first.body.result.session_id });
    expect(again.status).toBe(201);
    expect(again.body.result).toEqual(first.body.result);
    expect(await activeHoldsOf('resume@example.com')).toBe(1);
    // ...and the resumed checkout still pays and books.
    expect((await post(`/_dev/checkout/${first.body.result.session_id}/pay`)).statusCode).toBe(303);
    expect(await rowOf(first.body.result.session_id)).toMatchObject({ status: 'booked', payment_status: 'paid' });
  });

  it('replaces its own hold with another slot in one step: the first is let go and its checkout closed', async () => {
    const first = await createSession({ start_time: '10:00:00', end_time: '10:30:00', email: 'replace@example.com' });
    const firstId: string = first.body.result.session_id;
    const second = await createSession(
      { start_time: '10:30:00', end_time: '11:00:00', email: 'replace@example.com' },
      { replaces_session_id: firstId },
    );
    expect(second.status).toBe(201);
    expect(second.body.result.session_id).not.toBe(firstId);
    expect(await rowOf(firstId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect(await localStatus(firstId)).toBe('expired');
    expect(await activeHoldsOf('replace@example.com')).toBe(1);
    // The first time is free again for anyone, and the closed checkout takes no money.
    expect(
      (await createSession({ start_time: '10:00:00', end_time: '10:30:00', email: 'next@example.com' })).status,
    ).toBe(201);
    expect((await post(`/_dev/checkout/${firstId}/pay`)).statusCode).toBe(409);
    expect(await rowOf(firstId)).toMatchObject({ status: 'cancelled' });
  });

  it('replaces the hold when the same slot is sent with changed details, never holding it twice', async () => {
    const first = await createSession({ start_time: '13:00:00', end_time: '13:30:00', email: 'changed@example.com' });
    const second = await createSession(
      { start_time: '13:00:00', end_time: '13:30:00', email: 'changed@example.com', message: 'Sensitive teeth' },
      { replaces_session_id: first.body.result.session_id },
    );
    expect(second.status).toBe(201);
    expect(second.body.result.session_id).not.toBe(first.body.result.session_id);
    expect(await rowOf(first.body.result.session_id)).toMatchObject({ status: 'cancelled' });
    expect(await activeHoldsOf('changed@example.com')).toBe(1);
  });

  it('keeps the first hold when the new slot is taken by someone else', async () => {
    const taker = await createSession({ start_time: '14:30:00', end_time: '15:00:00', email: 'taker@example.com' });
    expect(taker.status).toBe(201);
    const first = await createSession({ start_time: '14:00:00', end_time: '14:30:00', email: 'keeper@example.com' });
    const refused = await createSession(
      { start_time: '14:30:00', end_time: '15:00:00', email: 'keeper@example.com' },
      { replaces_session_id: first.body.result.session_id },
    );
    expect(refused.status).toBe(409);
    expect(await rowOf(first.body.result.session_id)).toMatchObject({ status: 'pending_payment' });
    expect(await localStatus(first.body.result.session_id)).toBe('open');
  });

  it("ignores an unknown, malformed or other practice's session id: no resume, no release", async () => {
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/create-session',
      payload: bookingBody({
        practice_id: otherPracticeId,
        rfv_id: otherPaidId,
        start_time: '15:00:00',
        end_time: '15:30:00',
        email: 'other@example.com',
      }),
      headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
    });
    const otherId: string = other.json().result.session_id;
    for (const forged of [otherId, 'cs_local_made_up', 42, '']) {
      const response = await createSession(
        { start_time: '15:00:00', end_time: '15:30:00', email: 'forger@example.com' },
        { replaces_session_id: forged },
      );
      expect(response.status, String(forged)).toBe(201);
      expect(response.body.result.session_id).not.toBe(otherId);
      await ctx.db.query(`update appointments set status = 'cancelled' where payment_session_id = $1`, [
        response.body.result.session_id,
      ]);
    }
    expect(await rowOf(otherId)).toMatchObject({ status: 'pending_payment' });
    expect(await localStatus(otherId)).toBe('open');
  });

  it('sends a patient whose earlier checkout was paid to its success page instead of holding again', async () => {
    const slot = { start_time: '16:00:00', end_time: '16:30:00', email: 'paid@example.com' };
    const first = await createSession(slot);
    const firstId: string = first.body.result.session_id;
    await post(`/_dev/checkout/${firstId}/pay`);
    const again = await createSession(slot, { replaces_session_id: firstId });
    expect(again.status).toBe(201);
    expect(again.body.result).toEqual({
      session_id: firstId,
      url: `${ORIGIN}/test-practice/payment-success?session_id=${firstId}`,
    });
  });
});

describe('POST stripe/retry-session ("Try the payment again")', () => {
  it('goes back to the open checkout while the time is held', async () => {
    const first = await createSession({
      start_time: '09:30:00',
      end_time: '10:00:00',
      email: 'retry-held@example.com',
    });
    const response = await retry(first.body.result.session_id);
    expect(response.statusCode).toBe(201);
    expect(response.json().result).toEqual(first.body.result);
  });

  it('opens a new checkout for an appointment booked unpaid, and paying it books it paid', async () => {
    const first = await createSession({
      start_time: '11:00:00',
      end_time: '11:30:00',
      email: 'retry-unpaid@example.com',
    });
    const firstId: string = first.body.result.session_id;
    await post(`/_dev/checkout/${firstId}/cancel`);
    expect(await rowOf(firstId)).toMatchObject({ status: 'booked', payment_status: 'unpaid' });
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stripe/check-payment-status?session_id=${firstId}&practice_id=${practiceId}`,
    });
    expect(status.json().result.appointment).toMatchObject({
      state: 'booked',
      apt_date: '2026-03-03',
      start_time: '11:00:00',
      can_retry_payment: true,
    });
    const response = await retry(firstId);
    expect(response.statusCode).toBe(201);
    const newId: string = response.json().result.session_id;
    expect(newId).not.toBe(firstId);
    expect(await rowOf(firstId)).toBeUndefined();
    expect((await post(`/_dev/checkout/${newId}/pay`)).headers.location).toBe(
      `${ORIGIN}/test-practice/payment-success?session_id=${newId}`,
    );
    expect(await rowOf(newId)).toMatchObject({ status: 'booked', payment_status: 'paid' });
  });

  it("answers 409 with a patient's sentence once the hold was released, and 404 for another practice", async () => {
    const first = await createSession({
      pms_prov_num: 2,
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'retry-late@example.com',
      // Its own phone too: the file's other patients share the factory's, and one person holds one chair (ADR 0062).
      wireless_phone: '+15125550178',
    });
    const firstId: string = first.body.result.session_id;
    expect((await retry(firstId, otherPracticeId)).statusCode).toBe(404);
    clock.advance(42 * 60_000);
    await releaseExpiredHolds(ctx.app);
    const late = await retry(firstId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The time we held for you has been released. Please choose a time again.');
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stripe/check-payment-status?session_id=${firstId}&practice_id=${practiceId}`,
    });
    expect(status.json().result.appointment).toMatchObject({
      state: 'released',
      held_until: null,
      can_retry_payment: false,
    });
  });
});

describe('the local test checkout', () => {
  it('refuses posts from another origin, or with no origin at all, with 403', async () => {
    const first = await createSession({ start_time: '15:30:00', end_time: '16:00:00', email: 'csrf@example.com' });
    const id: string = first.body.result.session_id;
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      { referer: 'https://evil.example/page' },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/_dev/checkout/${id}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: '',
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'pending_payment', payment_status: 'pending' });
    // Its own page, opened at the address the request came to, may post.
    const own = await ctx.app.inject({
      method: 'POST',
      url: `/_dev/checkout/${id}/pay`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: '127.0.0.1:8080',
        origin: 'http://127.0.0.1:8080',
      },
      payload: '',
    });
    expect(own.statusCode).toBe(303);
  });

  it('cannot pay a cancelled session', async () => {
    const first = await createSession({ start_time: '16:30:00', end_time: '17:00:00', email: 'cancelled@example.com' });
    const id: string = first.body.result.session_id;
    await post(`/_dev/checkout/${id}/cancel`);
    const pay = await post(`/_dev/checkout/${id}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.body).toContain('This checkout is closed');
    expect(await rowOf(id)).toMatchObject({ status: 'booked', payment_status: 'unpaid' });
  });
});

describe('pages opened at another address than PUBLIC_URL', () => {
  it('are sent to the same path and query on PUBLIC_URL, while the default test address is left alone', async () => {
    const moved = await ctx.app.inject({
      method: 'GET',
      url: '/test-practice/payment-failed?session_id=cs_1',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${ORIGIN}/test-practice/payment-failed?session_id=cs_1`);
    expect((await ctx.app.inject({ method: 'GET', url: '/test-practice' })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: '127.0.0.1:8080' } })).statusCode,
    ).toBe(200);
  });
});
