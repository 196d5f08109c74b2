import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { SendOtpBodySchema, VerifyOtpBodySchema } from '#domain/verification/verification-schemas.ts';
import { ok, parseBody } from '../../http/request-parsing.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { createVerificationService, RetryLaterError, type CodeDelivery } from './verification-service.ts';

export function registerVerificationRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    practices: PracticesService;
    rateLimits: Pick<RateLimits, 'otpSend' | 'otpCheck'>;
    delivery?: CodeDelivery | undefined;
    texts?: boolean;
  },
): void {
  const verification = createVerificationService(deps);

  app.post('/verify/send-otp', { config: { rateLimit: deps.rateLimits.otpSend } }, async (request, reply) => {
    const sent = await withRetryAfter(reply, () =>
      verification.sendCode(parseBody(SendOtpBodySchema, request.body), request.language),
    );
    return ok(sent.result, sent.message);
  });

  app.post('/verify/verify-otp', { config: { rateLimit: deps.rateLimits.otpCheck } }, async (request, reply) => {
    const checked = await verification.checkCode(parseBody(VerifyOtpBodySchema, request.body), request.language);
    // The token is a credential for the next half hour: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return ok(checked.result, checked.message);
  });
}

async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
