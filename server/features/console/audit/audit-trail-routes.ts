import type { FastifyInstance } from 'fastify';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MAX_DAYS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  AuditQuerySchema,
} from '#domain/staff/staff-accounts-schemas.ts';
import { toCsv } from '#domain/format/csv-format.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok, parseQuery } from '../../../http/request-parsing.ts';
import { listAuditForExport } from './audit-export-repository.ts';
import { findAccountPractice } from '../staff/staff-accounts-repository.ts';
import { type AuditRow, listAudit } from './staff-audit-repository.ts';
import { instantsOfDays } from '../staff-date-range.ts';
import { audit, staffOf, type StaffPrincipal } from '../staff-session-guard.ts';

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

/**
 * `/api/v1/staff/audit`: the owner reads and exports the practice's trail. Reading it is itself a
 * row of it. Nothing here changes or removes a row, and the table's trigger refuses it anyway.
 */
export function registerAuditTrailRoutes(staff: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db } = deps;
  const rule = { config: { staff: { permission: 'audit' as const } } };

  /** The practice's calendar days `from`..`to` (both included) as instants. */
  async function rangeOf(me: StaffPrincipal, query: unknown) {
    const parsed = parseQuery(AuditQuerySchema, query);
    const practice = await findAccountPractice(db, me.accountId, me.practiceId);
    if (!practice) throw AppError.notFound('No such practice.');
    return { query: parsed, formUrl: practice.form_url, ...instantsOfDays(parsed, practice.time_zone, AUDIT_MAX_DAYS) };
  }

  staff.get('/audit', rule, async (request) => {
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

  staff.get('/audit/export.csv', rule, async (request, reply) => {
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
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="audit-${range.formUrl}-${range.query.from}-to-${range.query.to}.csv"`,
      )
      .send(csv);
  });
}
