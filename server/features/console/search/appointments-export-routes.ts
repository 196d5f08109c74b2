import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_RANGE_DAYS, StaffDateRangeQuerySchema } from '#domain/staff/staff-inbox-schemas.ts';
import { answers } from '../../../http/route-schemas.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import { appointmentsCsv } from './appointments-export.ts';
import { instantsOfDays } from '../staff-date-range.ts';
import { listExportRows } from './staff-search-repository.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';

// The 200 is a CSV file, not JSON: only its errors are declared.
const SCHEMA = {
  summary: 'The bookings between two days as CSV (text/csv)',
  tags: ['staff'],
  querystring: StaffDateRangeQuerySchema,
  response: answers({}, STAFF_ERRORS),
};

/**
 * The CSV export of a date range (owners and operators, ADR 0038). A static path: Fastify's
 * router prefers it to the schedule's `/appointments/:id`, so `export.csv` is never read as an id.
 */
export function registerAppointmentsExportRoutes(app: FastifyInstance, deps: StaffInboxDeps): void {
  const rule = { config: { staff: { permission: 'export' as const } }, schema: SCHEMA };
  app.withTypeProvider<ZodTypeProvider>().get('/appointments/export.csv', rule, async (request, reply) => {
    const me = staffOf(request);
    const { query } = request;
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
    // A file, not the JSON its schema's errors describe.
    const file: FastifyReply = reply;
    return file
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="appointments-${practice.form_url}-${query.from}-${query.to}.csv"`,
      )
      .send(appointmentsCsv(rows, (row) => timeZoneAtClinic(practice, row.pms_clinic_num)));
  });
}
