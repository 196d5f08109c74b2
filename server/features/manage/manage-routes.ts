import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AvailabilityListSchema } from '#domain/availability/availability-schemas.ts';
import { CancelBodySchema, ManagedAppointmentSchema, RescheduleBodySchema } from '#domain/booking/manage-schemas.ts';
import { createManageSlotsQuerySchema } from '#domain/availability/slot-request-schemas.ts';
import { CheckoutSessionSchema } from '#domain/payments/payment-schemas.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, datedSchema, okResult } from '../../http/route-schemas.ts';
import { sendSlotList } from '../availability/slot-list-payload.ts';
import type { ManageService } from './manage-service.ts';

const tags = ['manage'];
// Any text: a token that is no token is the same 404 as an unknown one, said by the service.
const params = z.object({ token: z.string() });
const managed = answers({ 200: okResult(ManagedAppointmentSchema) }, [...BODY_ERRORS, 404, 409]);

const SCHEMAS = {
  view: {
    summary: 'The booking a manage link opens',
    tags,
    params,
    response: answers({ 200: okResult(ManagedAppointmentSchema) }, [404]),
  },
  slots: {
    summary: 'Times the booking may move to (its own time counts as free)',
    tags,
    params,
    querystring: datedSchema(createManageSlotsQuerySchema),
    response: answers({ 200: okResult(AvailabilityListSchema) }, [404]),
  },
  reschedule: { summary: 'Moves the booking', tags, params, body: RescheduleBodySchema, response: managed },
  cancel: { summary: 'Cancels the booking', tags, params, body: CancelBodySchema, response: managed },
  confirm: { summary: 'Confirms the patient will come', tags, params, response: managed },
  checkout: {
    summary: 'A checkout for a booking left unpaid',
    tags,
    params,
    response: answers({ 201: okResult(CheckoutSessionSchema) }, [404, 409]),
  },
  calendar: { summary: 'The booking as an iCalendar file (text/calendar)', tags, params, response: answers({}, [404]) },
};

/** The lookup a manage page opens with; the server's render of that page is counted under its limit (ADR 0085). */
export const MANAGE_VIEW_PATH = '/appointment/manage/:token';

/**
 * `appointment/manage/{token}` (ADR 0036). The token is the patient's key to the booking: the
 * routes log only warnings (the path is redacted anyway), answers are never cached, and each IP
 * is limited, so guessing tokens is slow as well as hopeless.
 */
export function registerManageRoutes(
  app: FastifyInstance,
  deps: { manage: ManageService; rateLimits: { lookup: object; change: object } },
): void {
  const { manage } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lookup = { logLevel: 'warn' as const, config: { rateLimit: deps.rateLimits.lookup } };
  const change = { logLevel: 'warn' as const, config: { rateLimit: deps.rateLimits.change } };
  const privately = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  api.get(MANAGE_VIEW_PATH, { ...lookup, schema: SCHEMAS.view }, async (request, reply) => {
    privately(reply);
    return ok(await manage.view(request.params.token, request.language));
  });

  api.get('/appointment/manage/:token/slots', { ...lookup, schema: SCHEMAS.slots }, async (request, reply) => {
    const payload = await manage.slots(request.params.token, request.query);
    return sendSlotList(request, privately(reply as FastifyReply), payload);
  });

  api.post(
    '/appointment/manage/:token/reschedule',
    { ...change, schema: SCHEMAS.reschedule },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      privately(reply);
      const { token } = request.params;
      const { appointment, unchanged } = await manage.reschedule(token, request.body, key, request.language);
      return ok(appointment, unchanged ?? undefined);
    },
  );

  api.post('/appointment/manage/:token/cancel', { ...change, schema: SCHEMAS.cancel }, async (request, reply) => {
    privately(reply);
    return ok(await manage.cancel(request.params.token, request.body, request.language));
  });

  api.post('/appointment/manage/:token/confirm', { ...change, schema: SCHEMAS.confirm }, async (request, reply) => {
    privately(reply);
    return ok(await manage.confirm(request.params.token, request.language));
  });

  api.post('/appointment/manage/:token/checkout', { ...change, schema: SCHEMAS.checkout }, async (request, reply) => {
    privately(reply);
    return reply.status(201).send(ok(await manage.checkout(request.params.token)));
  });

  api.get(
    '/appointment/manage/:token/calendar.ics',
    { ...lookup, schema: SCHEMAS.calendar },
    async (request, reply) => {
      const ics = await manage.calendarFile(request.params.token);
      return privately(reply)
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .send(ics);
    },
  );
}
