import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/request-parsing.ts';
import type { CaptchaService } from './captcha-service.ts';

export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaService, rateLimit: object): void {
  app.get('/captcha/challenge', { config: { rateLimit } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await captcha.issueChallenge());
  });
}
