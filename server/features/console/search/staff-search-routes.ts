import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SEARCH_LIMIT, StaffSearchQuerySchema, StaffSearchResultSchema } from '#domain/staff/staff-inbox-schemas.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, okResult } from '../../../http/route-schemas.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import { toStaffAppointment } from '../schedule/staff-appointment-view.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';
import { readSearchQuery } from './staff-search-query.ts';
import { searchAppointments } from './staff-search-repository.ts';

/**
 * Search by patient name, phone, e-mail or booking reference (ADR 0038). Every search is an audit
 * row holding the query's kind, its length and the ids it showed, not the text typed: the text is
 * a patient's name or phone, and the audit trail is read and exported by owners, so it would copy
 * that PHI into a second place; the ids say whose bookings were shown, which is what an access
 * record is for.
 */
const schema = {
  summary: "Bookings by a patient's name, phone, e-mail, birth date or the booking's reference",
  tags: ['staff'],
  querystring: StaffSearchQuerySchema,
  response: answers({ 200: okResult(StaffSearchResultSchema) }, STAFF_ERRORS),
};

export function registerStaffSearchRoutes(staff: FastifyInstance, deps: StaffInboxDeps): void {
  const route = { schema, config: { staff: { permission: 'bookings' as const } } };
  staff.withTypeProvider<ZodTypeProvider>().get('/search', route, async (request) => {
    const me = staffOf(request);
    const { q } = request.query;
    const query = readSearchQuery(q);
    const practice = await deps.practices.requirePractice(me.practiceId);
    const rows = await searchAppointments(deps.db, me.practiceId, query, SEARCH_LIMIT);
    await audit(request, deps, {
      action: 'search',
      targetType: 'appointment',
      details: { kind: query.kind, length: q.length, results: rows.length, appointment_ids: rows.map((row) => row.id) },
    });
    const isOpenDental = practice.pms.type === 'opendental';
    return ok({
      kind: query.kind,
      appointments: rows.map((row) =>
        toStaffAppointment(row, timeZoneAtClinic(practice, row.pms_clinic_num), isOpenDental),
      ),
    });
  });
}
