import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StaffFeedbackDetailSchema,
  StaffFeedbackHandledBodySchema,
  StaffFeedbackListSchema,
  StaffFeedbackQuerySchema,
  type StaffFeedbackDetail,
  type StaffFeedbackItem,
} from '#domain/staff/staff-inbox-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import { pathId } from '../staff-path-id.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import {
  countOpenFeedback,
  findFeedback,
  listFeedback,
  markFeedbackHandled,
  type FeedbackRow,
} from './feedback-inbox-repository.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';

const EXCERPT_LENGTH = 160;
// An inbox is read, handled and emptied; older items stay reachable by id from the review requests.
const LIST_LIMIT = 200;

const notFound = (id: string) => AppError.notFound(`There is no feedback ${id}.`);
const feedbackRule = { config: { staff: { permission: 'feedback' as const } } };
const tags = ['staff'];
// Any text: an id that is none is the same 404 as an unknown one (staff-path-id.ts).
const params = z.object({ id: z.string() });
const detail = okResult(StaffFeedbackDetailSchema);
const SCHEMAS = {
  list: {
    summary: 'The private feedback inbox',
    tags,
    querystring: StaffFeedbackQuerySchema,
    response: answers({ 200: okResult(StaffFeedbackListSchema) }, STAFF_ERRORS),
  },
  view: { summary: 'One feedback', tags, params, response: answers({ 200: detail }, [...STAFF_ERRORS, 404]) },
  handled: {
    summary: 'Marks a feedback handled, with a note',
    tags,
    params,
    body: StaffFeedbackHandledBodySchema,
    response: answers({ 200: detail }, [...STAFF_ERRORS, ...BODY_ERRORS, 404, 409]),
  },
};

/** The private feedback inbox (ADR 0038): list, open one (an audit row), mark handled (an audit row). */
export function registerFeedbackInboxRoutes(app: FastifyInstance, deps: StaffInboxDeps): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  staff.get('/feedback', { ...feedbackRule, schema: SCHEMAS.list }, async (request) => {
    const me = staffOf(request);
    const { status } = request.query;
    const [rows, openCount] = await Promise.all([
      listFeedback(deps.db, me.practiceId, { status: status ?? null, limit: LIST_LIMIT }),
      countOpenFeedback(deps.db, me.practiceId),
    ]);
    return ok({ feedback: rows.map(toItem), open_count: openCount });
  });

  staff.get('/feedback/:id', { ...feedbackRule, schema: SCHEMAS.view }, async (request) => {
    const me = staffOf(request);
    const id = pathId(request.params.id, () => notFound(request.params.id));
    const row = await findFeedback(deps.db, me.practiceId, id);
    if (!row) throw notFound(id);
    await audit(request, deps, { action: 'feedback.view', targetType: 'feedback', targetId: id });
    return ok(toDetail(row));
  });

  staff.post('/feedback/:id/handled', { ...feedbackRule, schema: SCHEMAS.handled }, async (request) => {
    const me = staffOf(request);
    const { note } = request.body;
    const id = pathId(request.params.id, () => notFound(request.params.id));
    await deps.db.transaction(async (tx) => {
      const marked = await markFeedbackHandled(tx, me.practiceId, id, {
        accountId: me.accountId,
        email: me.email,
        note,
        at: deps.clock.now(),
      });
      if (!marked) {
        if (!(await findFeedback(tx, me.practiceId, id))) throw notFound(id);
        throw new AppError(409, 'CONFLICT', 'This feedback was marked handled already.');
      }
      await audit(
        request,
        deps,
        { action: 'feedback.handled', targetType: 'feedback', targetId: id, details: { has_note: note !== null } },
        tx,
      );
    });
    const row = await findFeedback(deps.db, me.practiceId, id);
    return ok(toDetail(row!));
  });
}

function visitOf(row: FeedbackRow): StaffFeedbackItem['visit'] {
  if (!row.appointment_id || !row.reference) return null;
  const local = row.starts_at ? formatInstantLocal(row.starts_at, row.time_zone) : null;
  return {
    appointment_id: row.appointment_id,
    reference: row.reference,
    apt_date: local?.slice(0, 10) ?? null,
    start_time: local?.slice(11) ?? null,
  };
}

function handledOf(row: FeedbackRow): StaffFeedbackItem['handled'] {
  return row.handled_at ? { at: row.handled_at.toISOString(), by: row.handled_by ?? '', note: row.handled_note } : null;
}

function toItem(row: FeedbackRow): StaffFeedbackItem {
  return {
    id: row.id,
    category: row.category,
    excerpt: row.text.length > EXCERPT_LENGTH ? `${row.text.slice(0, EXCERPT_LENGTH - 1)}…` : row.text,
    created_at: row.created_at.toISOString(),
    status: row.handled_at ? 'handled' : 'open',
    patient: { first_name: row.first_name, last_name: row.last_name },
    visit: visitOf(row),
    handled: handledOf(row),
  };
}

function toDetail(row: FeedbackRow): StaffFeedbackDetail {
  return {
    id: row.id,
    category: row.category,
    text: row.text,
    created_at: row.created_at.toISOString(),
    status: row.handled_at ? 'handled' : 'open',
    patient: { first_name: row.first_name, last_name: row.last_name, email: row.email, phone: row.phone, dob: row.dob },
    visit: visitOf(row),
    handled: handledOf(row),
    request: { id: row.request_id, source: row.request_source, created_at: row.request_created_at.toISOString() },
  };
}
