import type { FastifyInstance } from 'fastify';
import { SlotsQuerySchema } from '#domain/availability/slot-request-schemas.ts';
import { ok, parseQuery } from '../../http/request-parsing.ts';
import type { AvailabilityService } from './availability-service.ts';

export function registerAvailabilityRoutes(app: FastifyInstance, availability: AvailabilityService): void {
  app.get('/appointment/slots', async (request) => {
    const query = parseQuery(SlotsQuerySchema, request.query);
    return ok(await availability.listSlots(query));
  });
}
