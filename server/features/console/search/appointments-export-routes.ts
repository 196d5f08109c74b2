import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import type { FastifyInstance } from 'fastify';
import { MAX_RANGE_DAYS, StaffDateRangeQuerySchema } from '#domain/staff/staff-inbox-schemas.ts';
import { parseQuery } from '../../../http/request-parsing.ts';
import { audit, staffOf } from '../staff-session-guard.ts';
import { appointmentsCsv } from './appointments-export.ts';
import { instantsOfDays } from '../staff-date-range.ts';
import { listExportRows } from './staff-search-repository.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';

/**
 * The CSV export of a date range (owners and operators, ADR 0038). A static path: Fastify's
 * router prefers it to the schedule's `/appointments/:id`, so `export.csv` is never read as an id.
 */
export function registerAppointmentsExportRoutes(staff: FastifyInstance, deps: StaffInboxDeps): void {
  staff.get('/appointments/export.csv', { config: { staff: { permission: 'export' } } }, async (request, reply) => {
    const me = staffOf(request);
    const query = parseQuery(StaffDateRangeQuerySchema, request.query);
    const practice = await deps.practices.requirePractice(me.practiceId);
    const rows = await listExportRows(
      deps.db,
      me.practiceId,
      instantsOfDays(query, practice.server_tz, MAX_RANGE_DAYS),
    );
    await audit(request, deps, {
      action: 'export',
      targetType: 'appointments',
      details: { from: query.from, to: query.to, rows: rows.length },
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="appointments-${practice.form_url}-${query.from}-${query.to}.csv"`,
      )
      .send(appointmentsCsv(rows, (row) => timeZoneAtClinic(practice, row.pms_clinic_num)));
  });
}
