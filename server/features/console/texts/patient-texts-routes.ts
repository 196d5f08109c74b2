import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StaffTextsSchema } from '#domain/staff/staff-texts-schemas.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, okResult } from '../../../http/route-schemas.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';
import { listInboxTexts } from './patient-texts-repository.ts';

/** How many of the latest texts the inbox shows: a day or two of a busy office. */
export const TEXTS_INBOX_LIMIT = 50;

/**
 * `GET /api/v1/staff/texts`: the practice's latest texts from patients that are not keywords, each
 * with its booking (ADR 0066). They hold patients' words and names, so the look is an audit row.
 */
const schema = {
  summary: "The practice's latest texts from patients, each with its booking",
  tags: ['staff'],
  response: answers({ 200: okResult(StaffTextsSchema) }, STAFF_ERRORS),
};

export function registerPatientTextsRoutes(staff: FastifyInstance, deps: StaffInboxDeps): void {
  const route = { schema, config: { staff: { permission: 'bookings' as const } } };
  staff.withTypeProvider<ZodTypeProvider>().get('/texts', route, async (request) => {
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
