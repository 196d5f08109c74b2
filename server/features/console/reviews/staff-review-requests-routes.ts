import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreatedReviewRequestSchema } from '#domain/reviews/review-request-schemas.ts';
import {
  MAX_RANGE_DAYS,
  StaffDateRangeQuerySchema,
  StaffReviewRequestBodySchema,
  StaffReviewRequestListSchema,
  type StaffReviewRequestItem,
} from '#domain/staff/staff-inbox-schemas.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import {
  listReviewRequests,
  reviewRequestSummary,
  reviewsServiceOf,
  type ReviewRequestListRow,
} from '../../reviews/reviews-service.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import { instantsOfDays } from '../staff-date-range.ts';
import type { StaffInboxDeps } from '../staff-inbox-routes.ts';

// A year of a busy practice's requests; the console pages by range rather than by count.
const LIST_LIMIT = 2_000;
const feedbackRule = { config: { staff: { permission: 'feedback' as const } } };
const SCHEMAS = {
  create: {
    summary: "Asks a patient of the session's practice for a review",
    tags: ['staff'],
    body: StaffReviewRequestBodySchema,
    response: answers({ 201: okResult(CreatedReviewRequestSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS, 404, 409]),
  },
  list: {
    summary: 'Review requests sent between two days, and which were clicked',
    tags: ['staff'],
    querystring: StaffDateRangeQuerySchema,
    response: answers({ 200: okResult(StaffReviewRequestListSchema) }, STAFF_ERRORS),
  },
};

/**
 * Review requests from the console (ADR 0038): the admin API's service (the same consent rule, the
 * same messages), for the session's practice only; and which requests were clicked.
 */
export function registerStaffReviewRequestRoutes(app: FastifyInstance, deps: StaffInboxDeps): void {
  const reviews = reviewsServiceOf(deps);
  const staff = app.withTypeProvider<ZodTypeProvider>();

  staff.post('/review-requests', { ...feedbackRule, schema: SCHEMAS.create }, async (request, reply) => {
    const me = staffOf(request);
    const { body } = request;
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

  staff.get('/review-requests', { ...feedbackRule, schema: SCHEMAS.list }, async (request) => {
    const me = staffOf(request);
    const { query } = request;
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
