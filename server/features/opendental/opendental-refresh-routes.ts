import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpenDentalRefreshSchema, type OpenDentalRefresh } from '#domain/staff/opendental-status-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { listMirrorStatuses } from '../../adapters/pms/opendental/opendental-mirror-repository.ts';
import type { OpenDentalMirror } from '../../adapters/pms/opendental/opendental-mirror-sync.ts';
import { requestMirrorRefresh } from '../../adapters/pms/opendental/opendental-refresh-request-repository.ts';
import { AppError } from '../../http/app-error.ts';
import { answers, okResult } from '../../http/route-schemas.ts';
import { STAFF_ERRORS, staffOf } from '../console/staff-session-guard.ts';

const schema = {
  summary: "Queues a re-read of the practice's Open Dental schedules now (owners; 404 when not on Open Dental)",
  tags: ['staff'],
  response: answers({ 202: okResult(OpenDentalRefreshSchema) }, [...STAFF_ERRORS, 404]),
};

export interface OpenDentalRefreshDeps {
  db: Database;
  clock: Clock;
  /** Absent where the deployment has no Open Dental (no practice of it can be on Open Dental then). */
  openDentalMirror: OpenDentalMirror | undefined;
}

/**
 * `POST /api/v1/staff/opendental/refresh` (ADR 0084): "Refresh from Open Dental" in the console's settings.
 * It asks the mirror sync for a forced pass of the practice (ADR 0071) and answers at once: the pass waits
 * for one still running and sends its requests through the office's turn, one at a time, so a click cannot
 * breach Open Dental's rate. Its failure is the mirror's, recorded and shown by the status route.
 */
export function registerOpenDentalRefreshRoutes(staff: FastifyInstance, deps: OpenDentalRefreshDeps): void {
  staff
    .withTypeProvider<ZodTypeProvider>()
    .post('/opendental/refresh', { schema, config: { staff: { permission: 'settings' } } }, async (request, reply) => {
      const { practiceId } = staffOf(request);
      const [status] = await listMirrorStatuses(deps.db, practiceId);
      // not patient-facing (the console offers the button only to Open Dental practices)
      if (!status) throw new AppError(404, 'NOT_FOUND', 'This practice is not on Open Dental.');
      if (!deps.openDentalMirror)
        throw new AppError(503, 'PMS_UNAVAILABLE', 'Open Dental is not configured on this server.');
      const queuedAt = deps.clock.now();
      // Recorded for the lease's holder, which may be another process; the kick below serves it here at once.
      await requestMirrorRefresh(deps.db, practiceId, queuedAt);
      deps.openDentalMirror
        .syncPractice(practiceId, true)
        .catch((error: unknown) => request.log.error({ err: error, practiceId }, 'Open Dental refresh failed'));
      const answer: OpenDentalRefresh = { queued_at: queuedAt.toISOString() };
      return reply.code(202).send({ success: true, result: answer });
    });
}
