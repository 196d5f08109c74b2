import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CaptchaChallengeSchema } from '#domain/captcha/captcha-schemas.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, okResult } from '../../http/route-schemas.ts';
import type { CaptchaService } from './captcha-service.ts';

const schema = {
  summary: 'A proof-of-work challenge to solve before booking',
  tags: ['booking'],
  response: answers({ 200: okResult(CaptchaChallengeSchema) }),
};

export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaService, rateLimit: object): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/captcha/challenge', { schema, config: { rateLimit } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await captcha.issueChallenge());
    });
}
