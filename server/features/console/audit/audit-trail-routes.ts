import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MAX_DAYS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  AuditPageSchema,
  type AuditQuery,
  AuditQuerySchema,
} from '#domain/staff/staff-accounts-schemas.ts';
import { toCsv } from '#domain/format/csv-format.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, okResult } from '../../../http/route-schemas.ts';
import { listAuditForExport } from './audit-export-repository.ts';
import { findAccountPractice } from '../staff/staff-accounts-repository.ts';
import { type AuditRow, listAudit } from './staff-audit-repository.ts';
import { instantsOfDays } from '../staff-date-range.ts';
import { audit, STAFF_ERRORS, staffOf, type StaffPrincipal } from '../staff-session-guard.ts';

const entryOf = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  account_email: row.account_email,
  ip: row.ip,
  action: row.action,
  target_type: row.target_type,
  target_id: row.target_id,
  details: row.details ?? {},
});

const SCHEMAS = {
  list: {
    summary: "The practice's audit trail between two days, newest first, a page at a time",
    tags: ['staff'],
    querystring: AuditQuerySchema,
    response: answers({ 200: okResult(AuditPageSchema) }, [...STAFF_ERRORS, 404]),
  },
  // The 200 is a CSV file, not JSON: only its errors are declared.
  export: {
    summary: "The practice's audit trail between two days as CSV (text/csv), oldest first",
    tags: ['staff'],
    querystring: AuditQuerySchema,
    response: answers({}, [...STAFF_ERRORS, 404]),
  },
};

/**
 * `/api/v1/staff/audit`: the owner reads and exports the practice's trail. Reading it is itself a
 * row of it. Nothing here changes or removes a row, and the table's trigger refuses it anyway.
 */
export function registerAuditTrailRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db } = deps;
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const rule = { config: { staff: { permission: 'audit' as const } } };

  /** The practice's calendar days `from`..`to` (both included) as instants. */
  async function rangeOf(me: StaffPrincipal, parsed: AuditQuery) {
    const practice = await findAccountPractice(db, me.accountId, me.practiceId);
    if (!practice) throw AppError.notFound('No such practice.');
    return { query: parsed, formUrl: practice.form_url, ...instantsOfDays(parsed, practice.time_zone, AUDIT_MAX_DAYS) };
  }

  staff.get('/audit', { ...rule, schema: SCHEMAS.list }, async (request) => {
    const me = staffOf(request);
    const range = await rangeOf(me, request.query);
    const rows = await listAudit(db, me.practiceId, {
      from: range.from,
      to: range.to,
      limit: AUDIT_PAGE_SIZE,
      beforeId: range.query.before ?? null,
    });
    await audit(request, deps, {
      action: 'audit.view',
      details: {
        from: range.query.from,
        to: range.query.to,
        ...(range.query.before ? { before: range.query.before } : {}),
      },
    });
    const page: AuditPage = {
      entries: rows.map(entryOf),
      next_before: rows.length === AUDIT_PAGE_SIZE ? String(rows.at(-1)!.id) : null,
    };
    return ok(page);
  });

  staff.get('/audit/export.csv', { ...rule, schema: SCHEMAS.export }, async (request, reply) => {
    const me = staffOf(request);
    const range = await rangeOf(me, request.query);
    const rows = await listAuditForExport(db, me.practiceId, range);
    await audit(request, deps, {
      action: 'audit.export',
      details: { from: range.query.from, to: range.query.to, rows: rows.length },
    });
    const csv = toCsv(
      AUDIT_CSV_COLUMNS,
      rows.map((row) => {
        const entry = entryOf(row);
        return [
          entry.at,
          entry.account_email,
          entry.ip,
          entry.action,
          entry.target_type,
          entry.target_id,
          JSON.stringify(entry.details),
        ];
      }),
    );
    // A file, not the JSON its schema's errors describe.
    const file: FastifyReply = reply;
    return file
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="audit-${range.formUrl}-${range.query.from}-to-${range.query.to}.csv"`,
      )
      .send(csv);
  });
}
