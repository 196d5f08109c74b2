import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { BookingBodyShapeSchema } from '#domain/booking/booking-body-shape.ts';
import {
  CheckoutSessionSchema,
  CreateSessionExtrasSchema,
  PaymentStatusResponseSchema,
  SessionRefSchema,
  type PaymentStatusResponse,
} from '#domain/payments/payment-schemas.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';
import { describedSchema } from '../../http/api-components.ts';
import { answers, BODY_ERRORS, checkedInHandler, okResult } from '../../http/route-schemas.ts';
import type { PaymentsService } from './payments-service.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const tags = ['payments'];
const checkout = answers({ 201: okResult(CheckoutSessionSchema) }, [...BODY_ERRORS, 403, 404, 409, 502]);
const SCHEMAS = {
  create: {
    summary: 'Holds the time and opens a checkout for the booking',
    tags,
    // The booking transaction checks the booking body with its practice's rules (ADR 0001).
    body: checkedInHandler(z.intersection(BookingBodyShapeSchema, CreateSessionExtrasSchema)),
    response: checkout,
  },
  status: {
    summary: 'What became of a checkout and its appointment',
    tags,
    querystring: SessionRefSchema,
    response: answers({ 200: PaymentStatusResponseSchema }, [404]),
  },
  retry: { summary: 'Back to the open checkout, or a new one', tags, body: SessionRefSchema, response: checkout },
  webhook: {
    summary: "Stripe's events, signed (the raw body is checked)",
    tags,
    // Read as raw bytes: the signature is over them, so the body is checked by it before any field is read.
    body: checkedInHandler(
      describedSchema(
        z.record(z.string(), z.unknown()),
        'A Stripe event object, as Stripe sends it. The Stripe-Signature header is checked against the raw bytes ' +
          'first; the checkout.session events are applied, others are received and left alone.',
      ),
    ),
    response: answers({ 200: okResult(z.object({ received: z.boolean(), handled: z.boolean() })) }, [404, 413, 415]),
  },
};

/**
 * Spec section 7: `create-session` and `check-payment-status` under the provider's path segment,
 * plus `retry-session` ("Try the payment again" on the payment-failed page, ADR 0024).
 */
export function registerPaymentsRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentsService; rateLimits: { create: object; status: object } },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const create = { schema: SCHEMAS.create, config: { rateLimit: deps.rateLimits.create } };
  api.post('/stripe/create-session', create, async (request, reply) => {
    // The booking body is parsed by the booking transaction (it needs the practice: ADR 0001); a
    // body that is no object at all is refused there, with the booking's own message.
    const extras = CreateSessionExtrasSchema.safeParse(request.body);
    const session = await deps.payments.createSession({
      body: request.body,
      replacesSessionId: extras.data?.replaces_session_id,
      botChallenge: header(request, 'x-bot-challenge'),
      idempotencyKey: undefined,
      verificationToken: header(request, 'x-verification-token'),
      clientIp: request.ip,
    });
    return reply.status(201).send(ok(session));
  });

  const statusRoute = { schema: SCHEMAS.status, config: { rateLimit: deps.rateLimits.status } };
  api.get('/stripe/check-payment-status', statusRoute, async (request) => {
    const { query } = request;
    const status = await deps.payments.checkStatus(query.session_id, query.practice_id);
    const response: PaymentStatusResponse = {
      success: true,
      apt_booked: status.apt_booked,
      result: { payment_status: status.payment_status, appointment: status.appointment },
    };
    return response;
  });

  // Proof of ownership is the session id alone, as for create-session's replaces_session_id.
  const retry = { schema: SCHEMAS.retry, config: { rateLimit: deps.rateLimits.create } };
  api.post('/stripe/retry-session', retry, async (request, reply) => {
    const { body } = request;
    return reply.status(201).send(ok(await deps.payments.retrySession(body.session_id, body.practice_id)));
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
export async function registerStripeWebhook(
  app: FastifyInstance,
  deps: { payments: PaymentsService; webhookSecret: string | undefined; clock: Clock },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/stripe/webhook', { schema: SCHEMAS.webhook }, async (request) => {
      // not patient-facing (Stripe calls this webhook)
      if (!deps.webhookSecret) throw AppError.notFound('Stripe webhooks are not configured on this server.');
      const signature = header(request, 'stripe-signature');
      // not patient-facing (Stripe calls this webhook)
      if (!signature || !Buffer.isBuffer(request.body)) throw AppError.badRequest('Missing Stripe signature or body.');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          request.body,
          signature,
          deps.webhookSecret,
          300,
          undefined,
          deps.clock.now().getTime(),
        );
      } catch {
        // not patient-facing (Stripe calls this webhook)
        throw AppError.badRequest('The Stripe signature is not valid.');
      }
      if (!HANDLED.has(event.type)) return ok({ received: true, handled: false });
      const session = event.data.object as Stripe.Checkout.Session;
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') {
        await deps.payments.markUnpaid(session.id, event.id);
      } else if (session.payment_status === 'paid') {
        await deps.payments.completeSession(session.id, event.id, {
          id: session.id,
          status: 'complete',
          paymentStatus: 'paid',
          amountCents: session.amount_total,
          appointmentId: session.metadata?.appointment_id ?? null,
          paymentIntentId: intent,
          url: null,
        });
      }
      return ok({ received: true, handled: true });
    });
  });
}
