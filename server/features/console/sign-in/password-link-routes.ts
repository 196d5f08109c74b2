import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_RESET_ANSWER,
  PasswordLinkSchema,
  PasswordResetAcceptedSchema,
  PasswordResetBodySchema,
  PasswordSetSchema,
  SetPasswordBodySchema,
} from '#domain/staff/staff-accounts-schemas.ts';
import { AppError } from '../../../http/app-error.ts';
import { countRequest } from '../../../http/rate-limit-repository.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import { createPasswordLinks, type PasswordLinksDeps } from './password-links-service.ts';

/**
 * Every reset request answers no sooner than this after it arrived: looking an account up, minting
 * its link and queuing the e-mail take a few milliseconds that an address without an account does
 * not, and a stopwatch must not tell the two apart. Real time, not the app's clock, on purpose.
 */
export const RESET_ANSWER_FLOOR_MS = 300;

/** Per IP: a few resets are a forgetful person; more are someone fishing. Weak passwords are retried. */
export const PASSWORD_LIMITS = {
  reset: { max: 10, timeWindow: 10 * 60_000 },
  setPassword: { max: 20, timeWindow: 10 * 60_000 },
};

// Malformed, used or expired tokens all answer the same 404, so the path takes any string.
const TokenParamsSchema = z.object({ token: z.string() });
// A foreign Origin is refused with 403 by the staff guard.
const SCHEMAS = {
  describe: {
    summary: 'What a one-time password link is for (invite or reset) and its e-mail',
    tags: ['staff'],
    params: TokenParamsSchema,
    response: answers({ 200: okResult(PasswordLinkSchema) }, [404]),
  },
  setPassword: {
    summary: "Sets the account's password with a one-time link and ends its sessions",
    tags: ['staff'],
    params: TokenParamsSchema,
    body: SetPasswordBodySchema,
    response: answers({ 200: okResult(PasswordSetSchema) }, [...BODY_ERRORS, 403, 404]),
  },
  reset: {
    summary: 'Asks for a password-reset link by e-mail; the same answer whether or not the account exists',
    tags: ['staff'],
    body: PasswordResetBodySchema,
    response: answers({ 202: okResult(PasswordResetAcceptedSchema) }, [...BODY_ERRORS, 403]),
  },
};

/**
 * The public side of passwords (no session): a one-time link's page reads what it is for, sets
 * the password with it, and anyone may ask for a reset link by e-mail. The guard checks the
 * Origin of these POSTs, as they have no session to hold a CSRF token.
 */
export function registerPasswordLinkRoutes(
  app: FastifyInstance,
  deps: PasswordLinksDeps & { rateLimitMultiplier: number },
): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const links = createPasswordLinks(deps);
  const open = { config: { staff: { public: true } } };
  // Tighter than the staff API's own limit (which @fastify/rate-limit lets be the only one of a
  // request, hence a count of our own, in the same table): anyone may call these, and a reset sends e-mail.
  const limited = (name: string, limit: { max: number; timeWindow: number }) => ({
    ...open,
    // Before the schema reads the body, so a malformed request counts as it did.
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const now = deps.clock.now();
      const { count, windowEndsAt } = await countRequest(deps.db, `staff-${name}:${request.ip}`, now, limit.timeWindow);
      if (count <= Math.max(1, Math.round(limit.max * deps.rateLimitMultiplier))) return;
      const seconds = Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
      void reply.header('retry-after', String(seconds));
      throw new AppError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${seconds} seconds.`);
    },
  });

  staff.get('/password-links/:token', { ...open, schema: SCHEMAS.describe }, async (request) =>
    ok(await links.describe(request.params.token)),
  );

  staff.post(
    '/password-links/:token',
    { ...limited('set-password', PASSWORD_LIMITS.setPassword), schema: SCHEMAS.setPassword },
    async (request) => {
      const { password } = request.body;
      const { email } = await links.setPassword(request.params.token, password, request.ip);
      return ok({ email, password_set: true as const });
    },
  );

  const resetRule = { ...limited('password-reset', PASSWORD_LIMITS.reset), schema: SCHEMAS.reset };
  staff.post('/password-reset', resetRule, async (request, reply) => {
    const { email } = request.body;
    const started = performance.now();
    try {
      await links.requestReset(email);
    } catch (error) {
      // Only an existing account gets this far into the database: a 500 would say it exists.
      request.log.error({ err: error }, 'staff password reset failed');
    }
    const wait = RESET_ANSWER_FLOOR_MS - (performance.now() - started);
    if (wait > 0) await sleep(wait);
    return reply.status(202).send(ok({ message: PASSWORD_RESET_ANSWER }));
  });
}
