import type { FastifyInstance } from 'fastify';
import { createSlotsQuerySchema } from '#domain/availability/slot-request-schemas.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../clock.ts';
import { parseQuery } from '../../http/request-parsing.ts';
import { preferredEncoding } from './slot-list-payload.ts';
import type { AvailabilityService } from './availability-service.ts';

export function registerAvailabilityRoutes(
  app: FastifyInstance,
  availability: AvailabilityService,
  clock: Clock,
): void {
  // UTC's date: the practice is not loaded yet, and the window is wide enough for any zone.
  app.get('/appointment/slots', async (request, reply) => {
    const query = parseQuery(createSlotsQuerySchema(localDateOf(clock.now(), 'UTC')), request.query);
    const payload = await availability.listSlots(query);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(payload.encoded('identity'));
    return reply.header('content-encoding', encoding).send(payload.encoded(encoding));
  });
}
