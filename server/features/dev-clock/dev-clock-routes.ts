import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { instantField } from '#domain/wire/wire-primitives.ts';
import type { MovableClock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { requestAddress, requestOrigin } from '../../http/canonical-origin.ts';
import { fieldErrors, ok } from '../../http/request-parsing.ts';

const MoveClockBodySchema = z.object({ now: instantField('now') });

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

  app.get('/_dev/clock', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return answer();
  });

  app.post('/_dev/clock', async (request) => {
    refuseOtherSites(request);
    const parsed = MoveClockBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error, request.body);
      throw AppError.badRequest(
        `Invalid body ${Object.entries(fields)
          .map(([name, message]) => `${name}: ${message}`)
          .join('; ')}`,
        fields,
      );
    }
    deps.clock.moveTo(new Date(parsed.data.now));
    await deps.afterMove();
    return answer();
  });

  app.delete('/_dev/clock', async (request) => {
    refuseOtherSites(request);
    deps.clock.reset();
    await deps.afterMove();
    return answer();
  });
}
