import type { FastifyInstance } from 'fastify';
import type { BookingsService } from './bookings-service.ts';

export function registerBookingsRoutes(
  app: FastifyInstance,
  deps: { bookings: BookingsService; rateLimit: object },
): void {
  app.post('/appointment', { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
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
    return reply.status(response.status).send(response.body);
  });
}
