import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { listMirrorStatuses, type MirrorStatus } from '../../adapters/pms/opendental/opendental-mirror-repository.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpenDentalStatusSchema, type OpenDentalStatus } from '#domain/staff/opendental-status-schemas.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, okResult } from '../../http/route-schemas.ts';
import { STAFF_ERRORS, staffOf } from '../console/staff-session-guard.ts';

const schema = {
  summary: "The practice's Open Dental mirror: last refresh, lag and last error (404 when not on Open Dental)",
  tags: ['staff'],
  response: answers({ 200: okResult(OpenDentalStatusSchema) }, [...STAFF_ERRORS, 404]),
};

/** How far behind a mirror is, in whole seconds (null before its first refresh). */
export function lagSeconds(status: MirrorStatus, now: Date): number | null {
  return status.lastRefreshedAt
    ? Math.max(0, Math.floor((now.getTime() - status.lastRefreshedAt.getTime()) / 1000))
    : null;
}

/** Older than its practice allows, or never filled. */
export function isMirrorStale(status: MirrorStatus, now: Date): boolean {
  const lag = lagSeconds(status, now);
  return lag === null || lag > status.staleAfterMinutes * 60;
}

/**
 * `GET /api/v1/staff/opendental/status`: the session's practice's Open Dental mirror (ADR 0071),
 * when it was last refreshed, how far behind it is and the last error. A practice that is not on
 * Open Dental has no mirror: 404.
 */
export function registerOpenDentalStatusRoutes(staff: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  staff
    .withTypeProvider<ZodTypeProvider>()
    .get('/opendental/status', { schema, config: { staff: { permission: 'bookings' } } }, async (request) => {
      const [status] = await listMirrorStatuses(deps.db, staffOf(request).practiceId);
      // not patient-facing (the console's panel is shown only for Open Dental practices)
      if (!status) throw new AppError(404, 'NOT_FOUND', 'This practice is not on Open Dental.');
      const answer: OpenDentalStatus = {
        last_refreshed_at: status.lastRefreshedAt?.toISOString() ?? null,
        lag_seconds: lagSeconds(status, deps.clock.now()),
        last_error: status.lastError,
      };
      return ok(answer);
    });
}
