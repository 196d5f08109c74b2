import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePaymentAdapter } from '../../adapters/payments/stripe-payment-adapter.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe-server.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { CHECKOUT_RETURN_URLS, postCheckout } from '../../test/booking-requests.ts';

const SECRET = 'whsec_test_secret';
const clock = fixedClock('2026-03-02T12:00:00Z');
let fake: FakeStripe;
let practiceId: string;
let paidId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});
const ctx = withTestApp(() => ({
  clock,
  config: { stripe: { secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: SECRET } },
  paymentAdapter: createStripePaymentAdapter({
    secretKey: 'sk_test_1',
    publishableKey: 'pk_test_1',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  }),
  seed: async (db) => {
    practiceId = (
      await importPractices(
        db,
        practiceConfig({ reasons: [{ name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true }] }),
      )
    )['test-practice']!;
    paidId = await reasonId(db, practiceId, 'Whitening');
  },
}));

async function holdSlot(startTime: string) {
  const response = await postCheckout(ctx.app, {
    ...bookingBody({
      practice_id: practiceId,
      rfv_id: paidId,
      start_time: startTime,
      end_time: startTime,
      email: `p${startTime.slice(0, 2)}@example.com`,
    }),
    ...CHECKOUT_RETURN_URLS,
  });
  expect(response.status).toBe(201);
  return response.body.result.session_id as string;
}

function signed(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? Math.floor(clock.now().getTime() / 1000),
  });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
}

const completedEvent = (id: string, sessionId: string) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      payment_intent: 'pi_1',
      amount_total: 7500,
      metadata: {},
    },
  },
});

const asyncEvent = (id: string, type: string, sessionId: string, paymentStatus: 'paid' | 'unpaid') => ({
  id,
  object: 'event',
  type,
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      payment_status: paymentStatus,
      status: 'complete',
      payment_intent: 'pi_async',
      amount_total: 7500,
      metadata: {},
    },
  },
});

const deliver = (event: object, options?: { secret?: string; timestamp?: number }) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/stripe/webhook', ...signed(event, options) });
const appointment = async (sessionId: string) =>
  (
    await ctx.db.query<Record<string, unknown>>(
      'select status, payment_status from appointments where payment_session_id = $1',
      [sessionId],
    )
  )[0];
const paidAt = async (sessionId: string) =>
  (
    await ctx.db.query<{ paid_at: Date | null }>('select paid_at from appointments where payment_session_id = $1', [
      sessionId,
    ])
  )[0]!.paid_at?.toISOString() ?? null;
const recordedEvents = async (eventId: string) =>
  Number(
    (
      await ctx.db.query<{ n: number }>('select count(*)::int as n from processed_payment_events where event_id = $1', [
        eventId,
      ])
    )[0]!.n,
  );
const queuedConfirmations = async (sessionId: string) =>
  Number(
    (
      await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from jobs j join appointments a on j.dedupe_key =
           'email:booking-confirmation:' || a.id where a.payment_session_id = $1`,
        [sessionId],
      )
    )[0]!.n,
  );

describe('POST /api/v1/stripe/webhook', () => {
  it('confirms the held booking on a valid completed event and ignores a replay', async () => {
    const sessionId = await holdSlot('09:00:00');
    expect((await deliver(completedEvent('evt_1', sessionId))).statusCode).toBe(200);
    expect(await appointment(sessionId)).toEqual({ status: 'booked', payment_status: 'paid' });
    expect((await deliver(completedEvent('evt_1', sessionId))).statusCode).toBe(200);
    expect(await queuedConfirmations(sessionId)).toBe(1);
  });

  it.each([
    ['a wrong secret', { secret: 'whsec_other' }],
    ['a stale timestamp', { timestamp: Math.floor(new Date('2026-03-02T11:50:00Z').getTime() / 1000) }],
  ])('refuses %s with 400 and changes nothing', async (_name, options) => {
    const sessionId = await holdSlot(_name === 'a wrong secret' ? '09:30:00' : '10:00:00');
    const response = await deliver(completedEvent(`evt_bad_${sessionId}`, sessionId), options);
    expect(response.statusCode).toBe(400);
    expect(await appointment(sessionId)).toEqual({ status: 'pending_payment', payment_status: 'pending' });
  });

  it('marks an expired checkout booked without payment', async () => {
    const sessionId = await holdSlot('10:30:00');
    await deliver({
      id: 'evt_exp',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'unpaid', status: 'expired' } },
    });
    expect(await appointment(sessionId)).toEqual({ status: 'booked', payment_status: 'unpaid' });
  });

  it('confirms once when the webhook and the success page complete at the same moment', async () => {
    const sessionId = await holdSlot('11:00:00');
    fake.sessions.set(sessionId, {
      ...fake.sessions.get(sessionId),
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_2',
    });
    const results = await Promise.all([
      deliver(completedEvent('evt_race', sessionId)),
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/stripe/check-payment-status?session_id=${sessionId}&practice_id=${practiceId}`,
      }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/appointment',
        payload: {
          ...bookingBody({ practice_id: practiceId, rfv_id: paidId }),
          payment_details: { amount: 75, payment_status: 'success', session_id: sessionId },
        },
      }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await appointment(sessionId)).toEqual({ status: 'booked', payment_status: 'paid' });
    expect(await queuedConfirmations(sessionId)).toBe(1);
  });

  it('applies ten deliveries of one event once', async () => {
    const sessionId = await holdSlot('13:00:00');
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(completedEvent('evt_ten', sessionId))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await queuedConfirmations(sessionId)).toBe(1);
    expect(await recordedEvents('evt_ten')).toBe(1);
    const firstPaidAt = await paidAt(sessionId);
    expect(firstPaidAt).not.toBeNull();
    // A later replay, and a second event for the same session, change nothing: paid once, at the first time.
    clock.advance(60_000);
    expect((await deliver(completedEvent('evt_ten', sessionId))).statusCode).toBe(200);
    expect((await deliver(completedEvent('evt_ten_again', sessionId))).statusCode).toBe(200);
    expect(await paidAt(sessionId)).toBe(firstPaidAt);
    expect(await queuedConfirmations(sessionId)).toBe(1);
    expect(await appointment(sessionId)).toEqual({ status: 'booked', payment_status: 'paid' });
  });

  it('keeps the hold while a delayed payment is pending, then books it paid on async_payment_succeeded', async () => {
    const sessionId = await holdSlot('14:00:00');
    expect(
      (await deliver(asyncEvent('evt_async_done', 'checkout.session.completed', sessionId, 'unpaid'))).statusCode,
    ).toBe(200);
    expect(await appointment(sessionId)).toEqual({ status: 'pending_payment', payment_status: 'pending' });
    expect(await queuedConfirmations(sessionId)).toBe(0);
    expect(
      (await deliver(asyncEvent('evt_async_ok', 'checkout.session.async_payment_succeeded', sessionId, 'paid')))
        .statusCode,
    ).toBe(200);
    expect(await appointment(sessionId)).toEqual({ status: 'booked', payment_status: 'paid' });
    expect(await queuedConfirmations(sessionId)).toBe(1);
  });

  it('books without payment when a delayed payment fails (async_payment_failed)', async () => {
    const sessionId = await holdSlot('14:30:00');
    await deliver(asyncEvent('evt_async_done_2', 'checkout.session.completed', sessionId, 'unpaid'));
    expect(
      (await deliver(asyncEvent('evt_async_failed', 'checkout.session.async_payment_failed', sessionId, 'unpaid')))
        .statusCode,
    ).toBe(200);
    expect(await appointment(sessionId)).toEqual({ status: 'booked', payment_status: 'unpaid' });
    expect(await paidAt(sessionId)).toBeNull();
  });
});

describe('back from Stripe Checkout (replaces_session_id, ADR 0024)', () => {
  const create = async (startTime: string, replaces?: string) => {
    const response = await postCheckout(ctx.app, {
      ...bookingBody({
        practice_id: practiceId,
        rfv_id: paidId,
        pms_prov_num: 2,
        start_time: startTime,
        end_time: startTime,
        // A patient of their own: the file's other bookings share the factory's phone, and the
        // same person cannot hold two chairs at once (ADR 0062).
        email: 'back@example.com',
        wireless_phone: '+15125550177',
      }),
      ...(replaces ? { replaces_session_id: replaces } : {}),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.result as { session_id: string; url: string };
  };

  it('resumes the open Checkout Session for the same booking without creating another', async () => {
    const first = await create('09:00:00');
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
    expect(await create('09:00:00', first.session_id)).toEqual(first);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')).toHaveLength(
      creates,
    );
  });

  it('expires the earlier Checkout Session when the patient rebooks; its late "expired" books nothing', async () => {
    const first = await create('10:00:00');
    const second = await create('10:30:00', first.session_id);
    expect(second.session_id).not.toBe(first.session_id);
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${first.session_id}/expire`)).toBe(true);
    expect(fake.sessions.get(first.session_id)?.status).toBe('expired');
    await deliver({
      id: 'evt_replaced_exp',
      object: 'event',
      type: 'checkout.session.expired',
      data: {
        object: { id: first.session_id, object: 'checkout.session', payment_status: 'unpaid', status: 'expired' },
      },
    });
    expect(await appointment(first.session_id)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
    expect(await appointment(second.session_id)).toEqual({ status: 'pending_payment', payment_status: 'pending' });
  });

  it('refunds money arriving for a replaced checkout (paid in another tab), keeps the later booking', async () => {
    const first = await create('11:00:00');
    const second = await create('11:30:00', first.session_id);
    expect((await deliver(completedEvent('evt_replaced_paid', first.session_id))).statusCode).toBe(200);
    expect(await appointment(first.session_id)).toEqual({ status: 'refunded', payment_status: 'refund_pending' });
    expect(await appointment(second.session_id)).toEqual({ status: 'pending_payment', payment_status: 'pending' });
    expect(await queuedConfirmations(first.session_id)).toBe(0);
  });
});
