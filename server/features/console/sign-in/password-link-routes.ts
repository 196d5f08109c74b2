import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PASSWORD_RESET_ANSWER,
  PasswordResetBodySchema,
  SetPasswordBodySchema,
} from '#domain/staff/staff-accounts-schemas.ts';
import { AppError } from '../../../http/app-error.ts';
import { countRequest } from '../../../http/rate-limit-repository.ts';
import { ok, parseBody } from '../../../http/request-parsing.ts';
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

/**
 * The public side of passwords (no session): a one-time link's page reads what it is for, sets
 * the password with it, and anyone may ask for a reset link by e-mail. The guard checks the
 * Origin of these POSTs, as they have no session to hold a CSRF token.
 */
export function registerPasswordLinkRoutes(
  staff: FastifyInstance,
  deps: PasswordLinksDeps & { rateLimitMultiplier: number },
): void {
  const links = createPasswordLinks(deps);
  const open = { config: { staff: { public: true } } };
  // Tighter than the staff API's own limit (which @fastify/rate-limit lets be the only one of a
  // request, hence a count of our own, in the same table): anyone may call these, and a reset sends e-mail.
  const limited = (name: string, limit: { max: number; timeWindow: number }) => ({
    ...open,
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const now = deps.clock.now();
      const { count, windowEndsAt } = await countRequest(deps.db, `staff-${name}:${request.ip}`, now, limit.timeWindow);
      if (count <= Math.max(1, Math.round(limit.max * deps.rateLimitMultiplier))) return;
      const seconds = Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
      void reply.header('retry-after', String(seconds));
      throw new AppError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${seconds} seconds.`);
    },
  });

  staff.get<{ Params: { token: string } }>('/password-links/:token', open, async (request) =>
    ok(await links.describe(request.params.token)),
  );

  staff.post<{ Params: { token: string } }>(
    '/password-links/:token',
    limited('set-password', PASSWORD_LIMITS.setPassword),
    async (request) => {
      const { password } = parseBody(SetPasswordBodySchema, request.body);
      const { email } = await links.setPassword(request.params.token, password, request.ip);
      return ok({ email, password_set: true as const });
    },
  );

  staff.post('/password-reset', limited('password-reset', PASSWORD_LIMITS.reset), async (request, reply) => {
    const { email } = parseBody(PasswordResetBodySchema, request.body);
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
