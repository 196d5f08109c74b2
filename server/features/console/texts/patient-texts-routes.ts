import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/request-parsing.ts';
import { audit, staffOf } from '../staff-session-guard.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';
import { listInboxTexts } from './patient-texts-repository.ts';

/** How many of the latest texts the inbox shows: a day or two of a busy office. */
export const TEXTS_INBOX_LIMIT = 50;

/**
 * `GET /api/v1/staff/texts`: the practice's latest texts from patients that are not keywords, each
 * with its booking (ADR 0066). They hold patients' words and names, so the look is an audit row.
 */
export function registerPatientTextsRoutes(staff: FastifyInstance, deps: StaffInboxDeps): void {
  staff.get('/texts', { config: { staff: { permission: 'bookings' } } }, async (request) => {
    const me = staffOf(request);
    const texts = await listInboxTexts(deps.db, me.practiceId, TEXTS_INBOX_LIMIT);
    await audit(request, deps, {
      action: 'texts.view',
      targetType: 'appointment',
      details: { results: texts.length, appointment_ids: texts.flatMap((text) => text.booking?.id ?? []) },
    });
    return ok(texts);
  });
}
