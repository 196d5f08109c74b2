import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SendOtpBodySchema,
  SendOtpResultSchema,
  VerifyOtpBodySchema,
  VerifyOtpResultSchema,
} from '#domain/verification/verification-schemas.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../http/route-schemas.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { createVerificationService, RetryLaterError, type CodeDelivery } from './verification-service.ts';

const tags = ['verification'];
const SCHEMAS = {
  send: {
    summary: 'Sends a one-time code to an e-mail address or phone',
    tags,
    body: SendOtpBodySchema,
    response: answers({ 200: okResult(SendOtpResultSchema) }, [...BODY_ERRORS, 403, 404, 502]),
  },
  check: {
    summary: 'Checks a one-time code; a right one gives the token a booking sends',
    tags,
    body: VerifyOtpBodySchema,
    response: answers({ 200: okResult(VerifyOtpResultSchema) }, [...BODY_ERRORS, 403, 404]),
  },
};

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

  const api = app.withTypeProvider<ZodTypeProvider>();
  const send = { schema: SCHEMAS.send, config: { rateLimit: deps.rateLimits.otpSend } };
  api.post('/verify/send-otp', send, async (request, reply) => {
    const sent = await withRetryAfter(reply, () => verification.sendCode(request.body, request.language));
    return ok(sent.result, sent.message);
  });

  const check = { schema: SCHEMAS.check, config: { rateLimit: deps.rateLimits.otpCheck } };
  api.post('/verify/verify-otp', check, async (request, reply) => {
    const checked = await verification.checkCode(request.body, request.language);
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
