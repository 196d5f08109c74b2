import type { FastifyInstance, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { ok, parseQuery } from '../../http/request-parsing.ts';
import type { PaymentsService } from './payments-service.ts';

const StatusQuerySchema = z.object({
  session_id: z.string({ message: 'session_id is required' }).min(1).max(300),
  practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
});

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Spec section 7: `create-session` and `check-payment-status` under the provider's path segment. */
export function registerPaymentsRoutes(app: FastifyInstance, deps: { payments: PaymentsService; rateLimits: { create: object; status: object } }): void {
  app.post('/stripe/create-session', { config: { rateLimit: deps.rateLimits.create } }, async (request, reply) => {
    const session = await deps.payments.createSession({
      body: request.body,
      botChallenge: header(request, 'x-bot-challenge'),
      idempotencyKey: undefined,
      verificationToken: header(request, 'x-verification-token'),
      clientIp: request.ip,
    });
    return reply.status(201).send(ok(session));
  });

  app.get('/stripe/check-payment-status', { config: { rateLimit: deps.rateLimits.status } }, async (request) => {
    const query = parseQuery(StatusQuerySchema, request.query);
    const status = await deps.payments.checkStatus(query.session_id, query.practice_id);
    return { success: true, apt_booked: status.apt_booked, result: { payment_status: status.payment_status } };
  });
}

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * Stripe's webhook: the signature is checked on the raw bytes (so this plugin keeps JSON bodies
 * unparsed), then each event is applied once, recorded in the same transaction as its effect.
 */
export async function registerStripeWebhook(app: FastifyInstance, deps: { payments: PaymentsService; webhookSecret: string | undefined; clock: Clock }): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/stripe/webhook', async (request) => {
      if (!deps.webhookSecret) throw AppError.notFound('Stripe webhooks are not configured on this server.');
      const signature = header(request, 'stripe-signature');
      if (!signature || !Buffer.isBuffer(request.body)) throw AppError.badRequest('Missing Stripe signature or body.');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret, 300, undefined, deps.clock.now().getTime());
      } catch {
        throw AppError.badRequest('The Stripe signature is not valid.');
      }
      if (!HANDLED.has(event.type)) return ok({ received: true, handled: false });
      const session = event.data.object as Stripe.Checkout.Session;
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id ?? null;
      if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') {
        await deps.payments.markUnpaid(session.id, event.id);
      } else if (session.payment_status === 'paid') {
        await deps.payments.completeSession(session.id, event.id, {
          id: session.id, status: 'complete', paymentStatus: 'paid', amountCents: session.amount_total, appointmentId: session.metadata?.appointment_id ?? null, paymentIntentId: intent,
        });
      }
      return ok({ received: true, handled: true });
    });
  });
}
