import Stripe from 'stripe';
import { PaymentProviderError, type PaymentAdapter, type SessionState } from './payment-adapter.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | null;
  /** Tests point the real client at a local server standing in for api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** The client's host settings for an API base such as `http://127.0.0.1:12111` (a stand-in or an egress proxy). */
export function stripeHostSettings(apiUrl: string | undefined): Pick<StripeSettings, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** Stripe Checkout in payment mode, through the official client. */
export function createStripePaymentAdapter(settings: StripeSettings): PaymentAdapter {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });

  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  };

  return {
    provider: 'stripe',
    publishableKey: settings.publishableKey,
    createCheckoutSession: (request) =>
      wrap(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency,
                  unit_amount: request.amountCents,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            client_reference_id: request.appointmentId,
            metadata: { appointment_id: request.appointmentId },
            payment_intent_data: { metadata: { appointment_id: request.appointmentId } },
          },
          // A retried create for the same hold returns the same session.
          { idempotencyKey: request.idempotencyKey ?? `checkout-${request.appointmentId}` },
        );
        if (!session.url) throw new Error('Stripe returned a session without a URL');
        return { id: session.id, url: session.url };
      }),
    retrieveSession: (sessionId) =>
      wrap(async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return toState(session);
      }),
    expireSession: (sessionId) =>
      wrap(async () => {
        await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
      }),
    refund: (session) =>
      wrap(async () => {
        const paymentIntent =
          session.paymentIntentId ?? (await stripe.checkout.sessions.retrieve(session.id)).payment_intent;
        const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
        if (!id) throw new Error(`Session ${session.id} has no payment to refund`);
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${session.id}` });
      }),
  };
}

export function toState(session: Stripe.Checkout.Session): SessionState {
  const intent = session.payment_intent;
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paymentStatus:
      session.payment_status === 'paid'
        ? 'paid'
        : session.payment_status === 'no_payment_required'
          ? 'no_payment_required'
          : 'unpaid',
    amountCents: session.amount_total,
    appointmentId: session.metadata?.appointment_id ?? session.client_reference_id ?? null,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    url: session.status === 'open' ? session.url : null,
  };
}
