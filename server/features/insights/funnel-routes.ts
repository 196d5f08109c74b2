import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FunnelBatchSchema, FunnelQuerySchema, FunnelSchema } from '#domain/insights/funnel-schemas.ts';
import { MAX_RANGE_DAYS } from '#domain/staff/staff-inbox-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../http/route-schemas.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { instantsOfDays } from '../console/staff-date-range.ts';
import { STAFF_ERRORS, staffOf } from '../console/staff-session-guard.ts';
import { recordFunnelBatch } from './funnel-events-service.ts';
import { readFunnel } from './funnel-service.ts';

export interface FunnelRouteDeps {
  db: Database;
  clock: Clock;
  practices: PracticesService;
}

// not patient-facing: the summaries of the API description (ADR 0070)
const SCHEMAS = {
  events: {
    summary: "The booking page's step events of one visit (sendBeacon; answers 204, no body)",
    tags: ['booking'],
    body: FunnelBatchSchema,
    response: answers({ 204: z.null() }, [...BODY_ERRORS, 404]),
  },
  funnel: {
    summary: "The booking funnel of the session's practice between two days, and its bookings",
    tags: ['staff'],
    querystring: FunnelQuerySchema,
    response: answers({ 200: okResult(FunnelSchema) }, STAFF_ERRORS),
  },
};

/** `POST /api/v1/events` (ADR 0080): public, limited per IP; an unknown practice is a 404. */
export function registerFunnelEventRoutes(api: FastifyInstance, deps: FunnelRouteDeps & { rateLimit: object }): void {
  api
    .withTypeProvider<ZodTypeProvider>()
    .post('/events', { schema: SCHEMAS.events, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
      await recordFunnelBatch(deps, request.body);
      return reply.status(204).send(null);
    });
}

/** `GET /api/v1/staff/insights/funnel`, inside the staff plugin: owners and operators (ADR 0080). */
export function registerFunnelRoutes(staff: FastifyInstance, deps: FunnelRouteDeps): void {
  const rule = { config: { staff: { permission: 'insights' as const } } };
  staff
    .withTypeProvider<ZodTypeProvider>()
    .get('/insights/funnel', { ...rule, schema: SCHEMAS.funnel }, async (request) => {
      const me = staffOf(request);
      const practice = await deps.practices.requirePractice(me.practiceId);
      const range = instantsOfDays(request.query, practice.server_tz, MAX_RANGE_DAYS);
      return ok(await readFunnel(deps.db, request.query, { id: practice.id, timeZone: practice.server_tz, ...range }));
    });
}
