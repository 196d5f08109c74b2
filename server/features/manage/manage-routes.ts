import type { FastifyInstance, FastifyReply } from 'fastify';
import { CancelBodySchema, RescheduleBodySchema } from '#domain/booking/manage-schemas.ts';
import { createManageSlotsQuerySchema } from '#domain/availability/slot-request-schemas.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../clock.ts';
import { ok, parseBody, parseQuery } from '../../http/request-parsing.ts';
import { preferredEncoding } from '../availability/slot-list-payload.ts';
import type { ManageService } from './manage-service.ts';

/**
 * `appointment/manage/{token}` (ADR 0036). The token is the patient's key to the booking: the
 * routes log only warnings (the path is redacted anyway), answers are never cached, and each IP
 * is limited, so guessing tokens is slow as well as hopeless.
 */
export function registerManageRoutes(
  app: FastifyInstance,
  deps: { manage: ManageService; clock: Clock; rateLimits: { lookup: object; change: object } },
): void {
  const { manage } = deps;
  const lookup = { logLevel: 'warn' as const, config: { rateLimit: deps.rateLimits.lookup } };
  const change = { logLevel: 'warn' as const, config: { rateLimit: deps.rateLimits.change } };
  const privately = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get<{ Params: { token: string } }>('/appointment/manage/:token', lookup, async (request, reply) => {
    privately(reply);
    return ok(await manage.view(request.params.token, request.language));
  });

  app.get<{ Params: { token: string } }>('/appointment/manage/:token/slots', lookup, async (request, reply) => {
    const query = parseQuery(createManageSlotsQuerySchema(localDateOf(deps.clock.now(), 'UTC')), request.query);
    const payload = await manage.slots(request.params.token, query);
    privately(reply).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(payload.encoded('identity'));
    return reply.header('content-encoding', encoding).send(payload.encoded(encoding));
  });

  app.post<{ Params: { token: string } }>('/appointment/manage/:token/reschedule', change, async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    const body = parseBody(RescheduleBodySchema, request.body);
    privately(reply);
    const { appointment, unchanged } = await manage.reschedule(request.params.token, body, key, request.language);
    return ok(appointment, unchanged ?? undefined);
  });

  app.post<{ Params: { token: string } }>('/appointment/manage/:token/cancel', change, async (request, reply) => {
    const body = parseBody(CancelBodySchema, request.body);
    privately(reply);
    return ok(await manage.cancel(request.params.token, body, request.language));
  });

  app.post<{ Params: { token: string } }>('/appointment/manage/:token/confirm', change, async (request, reply) => {
    privately(reply);
    return ok(await manage.confirm(request.params.token, request.language));
  });

  app.post<{ Params: { token: string } }>('/appointment/manage/:token/checkout', change, async (request, reply) => {
    privately(reply);
    return reply.status(201).send(ok(await manage.checkout(request.params.token)));
  });

  app.get<{ Params: { token: string } }>('/appointment/manage/:token/calendar.ics', lookup, async (request, reply) => {
    const ics = await manage.calendarFile(request.params.token);
    return privately(reply)
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="appointment.ics"')
      .send(ics);
  });
}
