import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { AvailabilityListSchema } from '#domain/availability/availability-schemas.ts';
import { createSlotsQuerySchema } from '#domain/availability/slot-request-schemas.ts';
import { answers, datedSchema } from '../../http/route-schemas.ts';
import { sendSlotList } from './slot-list-payload.ts';
import type { AvailabilityService } from './availability-service.ts';

const slotsSchema = {
  summary: 'Free appointment times of a practice for a reason, between two dates',
  tags: ['availability'],
  // UTC's date bounds the window: the practice is not loaded yet, and the window is wide enough for any zone.
  querystring: datedSchema(createSlotsQuerySchema),
  response: answers({ 200: successEnvelopeSchema(AvailabilityListSchema) }, [404, 422]),
};

export function registerAvailabilityRoutes(app: FastifyInstance, availability: AvailabilityService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/appointment/slots', { schema: slotsSchema }, async (request, reply) => {
    return sendSlotList(request, reply as FastifyReply, await availability.listSlots(request.query));
  });
}
