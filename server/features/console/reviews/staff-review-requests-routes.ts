import type { FastifyInstance } from 'fastify';
import {
  MAX_RANGE_DAYS,
  StaffDateRangeQuerySchema,
  StaffReviewRequestBodySchema,
  type StaffReviewRequestItem,
} from '#domain/staff/staff-inbox-schemas.ts';
import { ok, parseBody, parseQuery } from '../../../http/request-parsing.ts';
import {
  listReviewRequests,
  reviewRequestSummary,
  reviewsServiceOf,
  type ReviewRequestListRow,
} from '../../reviews/reviews-service.ts';
import { audit, staffOf } from '../staff-session-guard.ts';
import { instantsOfDays } from '../staff-date-range.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';

// A year of a busy practice's requests; the console pages by range rather than by count.
const LIST_LIMIT = 2_000;
const feedbackRule = { config: { staff: { permission: 'feedback' as const } } };

/**
 * Review requests from the console (ADR 0038): the admin API's service (the same consent rule, the
 * same messages), for the session's practice only; and which requests were clicked.
 */
export function registerStaffReviewRequestRoutes(staff: FastifyInstance, deps: StaffInboxDeps): void {
  const reviews = reviewsServiceOf(deps);

  staff.post('/review-requests', feedbackRule, async (request, reply) => {
    const me = staffOf(request);
    const body = parseBody(StaffReviewRequestBodySchema, request.body);
    const practice = await deps.practices.requirePractice(me.practiceId);
    // The practice is the session's: the body cannot name one (its schema refuses form_url).
    const created = await reviews.createRequest({ ...body, form_url: practice.form_url });
    await audit(request, deps, {
      action: 'review_request.send',
      targetType: 'review_request',
      targetId: created.request_id,
      details: { appointment_id: body.appointment_id ?? null, sent_via: created.sent_via },
    });
    return reply.status(201).send(ok(created));
  });

  staff.get('/review-requests', feedbackRule, async (request) => {
    const me = staffOf(request);
    const query = parseQuery(StaffDateRangeQuerySchema, request.query);
    const practice = await deps.practices.requirePractice(me.practiceId);
    const range = instantsOfDays(query, practice.server_tz, MAX_RANGE_DAYS);
    const rows = await listReviewRequests(deps.db, me.practiceId, { ...range, limit: LIST_LIMIT });
    return ok({ from: query.from, to: query.to, requests: rows.map(toItem) });
  });
}

function toItem(row: ReviewRequestListRow): StaffReviewRequestItem {
  return {
    ...reviewRequestSummary(row),
    is_clicked: row.click_count > 0,
    feedback_id: row.feedback_id,
  };
}
