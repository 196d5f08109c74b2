import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe-server.ts';
import { PaymentProviderError } from './payment-adapter.ts';
import { createStripePaymentAdapter, stripeHostSettings } from './stripe-payment-adapter.ts';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake?.close());

const adapter = () =>
  createStripePaymentAdapter({
    secretKey: 'sk_test_123',
    publishableKey: 'pk_test_123',
    ...stripeHostSettings(`http://127.0.0.1:${fake.port}`),
  });

/** A $1.00 checkout for the appointment, open until 2030, with `overrides`. */
const smallSession = (appointmentId: string, overrides: { idempotencyKey?: string } = {}) =>
  adapter().createCheckoutSession({
    appointmentId,
    amountCents: 100,
    currency: 'usd',
    description: 'x',
    successUrl: 'http://l/s',
    cancelUrl: 'http://l/c',
    expiresAt: new Date('2030-01-01T00:00:00Z'),
    ...overrides,
  });

describe('stripeHostSettings (STRIPE_API_URL)', () => {
  it.each([
    [undefined, {}],
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['https://stripe-proxy.internal', { host: 'stripe-proxy.internal', port: 443, protocol: 'https' }],
  ])('reads %s', (url, settings) => {
    expect(stripeHostSettings(url)).toEqual(settings);
  });
});

describe('the Stripe payment adapter (real stripe package, local stand-in)', () => {
  it('creates a Checkout Session in payment mode with the line item, amount, metadata and expiry', async () => {
    const expiresAt = new Date('2030-01-01T10:31:00Z');
    const session = await adapter().createCheckoutSession({
      appointmentId: 'appt-1',
      amountCents: 7500,
      currency: 'usd',
      description: 'Whitening at Bright Smile Dental',
      successUrl: 'http://localhost/bright-smile/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost/bright-smile/payment-failed',
      expiresAt,
    });
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk_test_123');
    expect(request.idempotencyKey).toBe('checkout-appt-1');
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '7500',
      'line_items[0][price_data][product_data][name]': 'Whitening at Bright Smile Dental',
      'metadata[appointment_id]': 'appt-1',
      client_reference_id: 'appt-1',
      expires_at: String(expiresAt.getTime() / 1000),
      success_url: 'http://localhost/bright-smile/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    // Invariant 6: no patient data goes to Stripe; the payer types an e-mail on Stripe's page if they want a receipt.
    expect([...request.form.keys()].filter((key) => /email|name|phone|customer/.test(key))).toEqual([
      'line_items[0][price_data][product_data][name]',
    ]);
  });

  it('retrieves a session state', async () => {
    const { id } = await smallSession('appt-2');
    fake.sessions.set(id, {
      ...fake.sessions.get(id),
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_9',
    });
    expect(await adapter().retrieveSession(id)).toEqual({
      id,
      status: 'complete',
      paymentStatus: 'paid',
      amountCents: 100,
      appointmentId: 'appt-2',
      paymentIntentId: 'pi_9',
      url: null,
    });
  });

  it('gives the checkout URL of an open session, and expires it with checkout.sessions.expire', async () => {
    const { id, url } = await smallSession('appt-3', { idempotencyKey: 'checkout-appt-3-after-cs_old' });
    expect(fake.requests.at(-1)!.idempotencyKey).toBe('checkout-appt-3-after-cs_old');
    expect((await adapter().retrieveSession(id)).url).toBe(url);
    await adapter().expireSession(id);
    expect(fake.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${id}/expire`);
    expect(await adapter().retrieveSession(id)).toMatchObject({ status: 'expired', url: null });
  });

  it('refunds by payment intent, once per session', async () => {
    await adapter().refund({ id: 'cs_x', paymentIntentId: 'pi_7' });
    expect(fake.refunds.at(-1)).toBe('pi_7');
    expect(fake.requests.at(-1)!.idempotencyKey).toBe('refund-cs_x');
  });

  it('turns provider failures into PaymentProviderError', async () => {
    fake.failNext = 10;
    await expect(adapter().retrieveSession('cs_test_1')).rejects.toBeInstanceOf(PaymentProviderError);
    fake.failNext = 0;
  });
});
