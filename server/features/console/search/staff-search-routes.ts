import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import type { FastifyInstance } from 'fastify';
import { SEARCH_LIMIT, StaffSearchQuerySchema } from '#domain/staff/staff-inbox-schemas.ts';
import { ok, parseQuery } from '../../../http/request-parsing.ts';
import { audit, staffOf } from '../staff-session-guard.ts';
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
export function registerStaffSearchRoutes(staff: FastifyInstance, deps: StaffInboxDeps): void {
  staff.get('/search', { config: { staff: { permission: 'bookings' } } }, async (request) => {
    const me = staffOf(request);
    const { q } = parseQuery(StaffSearchQuerySchema, request.query);
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
