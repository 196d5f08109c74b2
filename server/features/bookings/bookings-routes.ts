import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookingBodyShapeSchema } from '#domain/booking/booking-body-shape.ts';
import { BookingResultSchema } from '#domain/booking/booking-schemas.ts';
import { answers, BODY_ERRORS, checkedInHandler, okResult } from '../../http/route-schemas.ts';
import type { BookingsService } from './bookings-service.ts';

const booked = okResult(BookingResultSchema);
const schema = {
  summary: 'Books a time (201), or returns the booking a payment paid for (200)',
  tags: ['booking'],
  // The practice's rules and today's date decide what is required: the booking transaction checks it.
  body: checkedInHandler(BookingBodyShapeSchema),
  response: answers({ 200: booked, 201: booked }, [...BODY_ERRORS, 403, 404, 409]),
};

export function registerBookingsRoutes(
  app: FastifyInstance,
  deps: { bookings: BookingsService; rateLimit: object },
): void {
  const route = { schema, config: { rateLimit: deps.rateLimit } };
  app.withTypeProvider<ZodTypeProvider>().post('/appointment', route, async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const response = await deps.bookings.book({
      body: request.body,
      botChallenge: header('x-bot-challenge'),
      idempotencyKey: header('idempotency-key'),
      verificationToken: header('x-verification-token'),
      // request.ip honours TRUST_PROXY: the address comes from the connection, or from
      // X-Forwarded-For only behind a trusted proxy; never from a header the browser picks.
      clientIp: request.ip,
    });
    return reply.status(response.status as 201).send(response.body);
  });
}
