import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { translator } from '../i18n/translate.ts';
import { AppError } from './app-error.ts';
import * as messages from './http.messages.ts';
import { postgresRateLimitStore, routeCounterKey } from './postgres-rate-limit-store.ts';
import { countRequest } from './rate-limit-repository.ts';

const t = translator(messages);

/**
 * Per-IP limits, counted in the database so that every process of a deployment shares them
 * (ADR 0019). Each has a default sized for real patients, scaled at once by
 * RATE_LIMIT_MULTIPLIER so a load test from one address can lift them all.
 */
const LIMITS = {
  booking: { max: 20, timeWindow: 10 * 60_000 },
  patientLookup: { max: 30, timeWindow: 60_000 },
  challenge: { max: 60, timeWindow: 60_000 },
  // Looks a payment up by its session id; the limit also slows down anyone guessing ids.
  paymentStatus: { max: 60, timeWindow: 60_000 },
  // One-time codes (ADR 0012); per recipient they are limited again, in the database.
  otpSend: { max: 20, timeWindow: 10 * 60_000 },
  otpCheck: { max: 60, timeWindow: 10 * 60_000 },
  // Manage links (ADR 0036): opening a page and its slot lists, and the changes made from it.
  manageLookup: { max: 60, timeWindow: 60_000 },
  manageChange: { max: 20, timeWindow: 10 * 60_000 },
  // The booking page's funnel beacons (ADR 0080): at most one per step of a visit, so a few hundred a minute is a
  // waiting room full of patients behind one address, and far below what would fill the table.
  funnelEvents: { max: 300, timeWindow: 60_000 },
} as const;

/**
 * Per-identity limits: counted per normalised practice, name and birth date whatever the address
 * (ADR 0027), so many addresses cannot probe one person. Not scaled by the multiplier, like the
 * per-recipient code limits: a load test has no reason to look one person up often.
 */
const IDENTITY_LIMITS = {
  patientIdentity: { max: 5, timeWindow: 60 * 60_000 },
} as const;

export type RateLimitName = keyof typeof LIMITS | keyof typeof IDENTITY_LIMITS;
export type RateLimits = Record<RateLimitName, { max: number; timeWindow: number }>;

export async function registerRateLimits(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; multiplier: number },
): Promise<RateLimits> {
  const { multiplier } = deps;
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(deps.db, deps.clock),
    // A database that cannot count fails the request like any other outage (503), rather than
    // letting it through unlimited.
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        t.localized('rateLimited', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
      ),
  });
  const scaled = {} as RateLimits;
  for (const [name, limit] of Object.entries(LIMITS) as [keyof typeof LIMITS, (typeof LIMITS)[keyof typeof LIMITS]][]) {
    scaled[name] = { max: Math.max(1, Math.round(limit.max * multiplier)), timeWindow: limit.timeWindow };
  }
  return { ...scaled, ...IDENTITY_LIMITS };
}

/**
 * Counts a request against another route's per-IP limit, under the very counter that route's own requests are
 * counted under (the plugin's key: the client's address). The server's render of a manage page looks its link up
 * as `GET appointment/manage/{token}` does, so it counts as one of those (ADR 0085). True while within the limit.
 */
export function routeLimitCounter(
  deps: { db: Database; clock: Clock },
  route: { method: string; url: string },
  limit: { max: number; timeWindow: number },
): (request: FastifyRequest) => Promise<boolean> {
  return async (request) => {
    const key = routeCounterKey(route, request.ip);
    const { count } = await countRequest(deps.db, key, deps.clock.now(), limit.timeWindow);
    return count <= limit.max;
  };
}
