import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instantField } from '#domain/wire/wire-primitives.ts';
import type { MovableClock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { requestAddress, requestOrigin } from '../../http/canonical-origin.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../http/route-schemas.ts';

const MoveClockBodySchema = z.object({ now: instantField('now') });
const DevClockSchema = z.object({ now: z.iso.datetime(), is_moved: z.boolean() });

const tags = ['dev'];
const SCHEMAS = {
  read: {
    summary: "Development only: this process's clock",
    tags,
    response: answers({ 200: okResult(DevClockSchema) }),
  },
  move: {
    summary: "Development only: moves this process's clock to an instant and runs the periodic sweeps once",
    tags,
    body: MoveClockBodySchema,
    response: answers({ 200: okResult(DevClockSchema) }, [403, ...BODY_ERRORS]),
  },
  reset: {
    summary: "Development only: puts this process's clock back to real time",
    tags,
    response: answers({ 200: okResult(DevClockSchema) }, [403]),
  },
};

interface DevClockDeps {
  clock: MovableClock;
  publicUrl: string;
  trustProxy: string | false;
  /** Runs once after every move: the periodic sweeps, so an expired hold is released at once, not within the minute. */
  afterMove: () => Promise<void>;
}

/**
 * Development only (the app registers it when DEV_TOOLS is on): moves this process's clock, which
 * slots, holds, codes, rate limits and the job worker all read, and lets it run from there.
 * Answers `{ now, is_moved }` in the success envelope.
 */
export function registerDevClockRoutes(app: FastifyInstance, deps: DevClockDeps): void {
  const publicOrigin = new URL(deps.publicUrl).origin;
  const fallbackProtocol = publicOrigin.startsWith('https:') ? 'https' : 'http';

  // Test runners and curl send no Origin; browsers always do on POST and DELETE, so another site's page is refused.
  const refuseOtherSites = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined || origin === publicOrigin) return;
    if (origin === requestOrigin(requestAddress(request, deps.trustProxy), fallbackProtocol)) return;
    throw new AppError(403, 'FORBIDDEN', 'The dev clock accepts requests from this site or from scripts only.');
  };

  const answer = () => ok({ now: deps.clock.now().toISOString(), is_moved: deps.clock.isMoved() });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/_dev/clock', { schema: SCHEMAS.read }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return answer();
  });

  // Before the body is read: another site's page is a 403 whatever it sent.
  const moveRoute = {
    schema: SCHEMAS.move,
    preValidation: async (request: FastifyRequest) => refuseOtherSites(request),
  };
  api.post('/_dev/clock', moveRoute, async (request) => {
    deps.clock.moveTo(new Date(request.body.now));
    await deps.afterMove();
    return answer();
  });

  api.delete('/_dev/clock', { schema: SCHEMAS.reset }, async (request) => {
    refuseOtherSites(request);
    deps.clock.reset();
    await deps.afterMove();
    return answer();
  });
}
