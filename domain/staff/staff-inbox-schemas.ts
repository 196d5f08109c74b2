import { z } from 'zod';
import { practiceDayField } from '../wire/wire-primitives.ts';
import { CreateReviewRequestBodySchema, REVIEW_CHANNELS } from '../reviews/review-request-schemas.ts';
import { StaffAppointmentSchema } from './staff-appointment-schemas.ts';

/**
 * The staff console's feedback inbox, review requests, search and export (ADR 0038), one schema
 * per payload for both sides. Every route is scoped by the session's practice: another practice's
 * id answers 404, as a missing one does, and its patients are never found.
 *
 * Permission 'feedback' (owner, operator, front desk):
 * - `GET /api/v1/staff/feedback[?status=open|handled]` → StaffFeedbackList (newest first, at most
 *   200; no audit row: it shows an excerpt, not the patient's contact details).
 * - `GET /api/v1/staff/feedback/{id}` → StaffFeedbackDetail (an audit row `feedback.view`).
 * - `POST /api/v1/staff/feedback/{id}/handled` (StaffFeedbackHandledBody) → StaffFeedbackDetail
 *   (an audit row `feedback.handled`; 409 when it was handled already).
 * - `POST /api/v1/staff/review-requests` (StaffReviewRequestBody) → 201 CreatedReviewRequest, the
 *   admin API's service for the session's practice (an audit row `review_request.send`); 409 for a
 *   visit that did not happen (a no-show, a cancellation, a request without a time).
 * - `GET /api/v1/staff/review-requests?from=YYYY-MM-DD&to=YYYY-MM-DD` → StaffReviewRequestList
 *   (created in those days of the practice, newest first, at most 366 days).
 *
 * Permission 'bookings' (owner, operator, front desk):
 * - `GET /api/v1/staff/search?q=…` (a name, phone, e-mail, reference or birth date) → StaffSearchResult
 *   (400 when q is shorter than 2 characters; an audit row `search` with the query's kind and the ids found, not
 *   the text typed).
 *
 * Permission 'export' (owner, operator; the front desk gets 403):
 * - `GET /api/v1/staff/appointments/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` → `text/csv; charset=utf-8`,
 *   an attachment `appointments-<form_url>-<from>-<to>.csv` with the columns of
 *   APPOINTMENT_EXPORT_COLUMNS (at most 366 days; an audit row `export`).
 */

export const FEEDBACK_STATUSES = ['open', 'handled'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const StaffFeedbackQuerySchema = z.object({
  status: z.enum(FEEDBACK_STATUSES, { message: 'status must be open or handled' }).optional(),
});

const HandledSchema = z.object({ at: z.iso.datetime(), by: z.string(), note: z.string().nullable() }).nullable();

/** The visit a feedback is about, when its request named one. */
const FeedbackVisitSchema = z
  .object({
    appointment_id: z.string(),
    reference: z.string(),
    /** The practice's wall time; null for a request without a time yet. */
    apt_date: z.string().nullable(),
    start_time: z.string().nullable(),
  })
  .nullable();

export const StaffFeedbackItemSchema = z.object({
  id: z.string(),
  category: z.string(),
  /** The first 160 characters of the text; the detail has all of it. */
  excerpt: z.string(),
  created_at: z.iso.datetime(),
  status: z.enum(FEEDBACK_STATUSES),
  patient: z.object({ first_name: z.string(), last_name: z.string() }),
  visit: FeedbackVisitSchema,
  handled: HandledSchema,
});
export type StaffFeedbackItem = z.infer<typeof StaffFeedbackItemSchema>;

export const StaffFeedbackListSchema = z.object({
  feedback: z.array(StaffFeedbackItemSchema),
  /** All the practice's open items, whatever the filter (the console's badge). */
  open_count: z.number().int(),
});
export type StaffFeedbackList = z.infer<typeof StaffFeedbackListSchema>;

export const StaffFeedbackDetailSchema = StaffFeedbackItemSchema.omit({ excerpt: true }).extend({
  text: z.string(),
  patient: z.object({
    first_name: z.string(),
    last_name: z.string(),
    /** The contacts the review request went to. */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    dob: z.string().nullable(),
  }),
  request: z.object({ id: z.string(), source: z.enum(['admin', 'automatic']), created_at: z.iso.datetime() }),
});
export type StaffFeedbackDetail = z.infer<typeof StaffFeedbackDetailSchema>;

export const FEEDBACK_NOTE_MAX_LENGTH = 1000;
export const StaffFeedbackHandledBodySchema = z.strictObject({
  note: z
    .string()
    .trim()
    .max(FEEDBACK_NOTE_MAX_LENGTH, { message: `note must be at most ${FEEDBACK_NOTE_MAX_LENGTH} characters` })
    .nullish()
    .transform((note) => note || null),
});
export type StaffFeedbackHandledBody = z.output<typeof StaffFeedbackHandledBodySchema>;

/**
 * The admin API's body without `form_url`: the request is for the session's practice, and a body
 * naming a practice (any `form_url`) is refused with a 422 rather than quietly ignored.
 */
export const StaffReviewRequestBodySchema = z.strictObject(
  CreateReviewRequestBodySchema.omit({ form_url: true }).shape,
);
export type StaffReviewRequestBody = z.output<typeof StaffReviewRequestBodySchema>;
export type StaffReviewRequestInput = z.input<typeof StaffReviewRequestBodySchema>;

/** Inclusive days of the practice: at most 366 of them (a year, leap or not). */
export const MAX_RANGE_DAYS = 366;
export const StaffDateRangeQuerySchema = z.object({
  from: practiceDayField('from'),
  to: practiceDayField('to'),
});
export type StaffDateRangeQuery = z.infer<typeof StaffDateRangeQuerySchema>;

export const StaffReviewRequestItemSchema = z.object({
  request_id: z.string(),
  source: z.enum(['admin', 'automatic']),
  appointment_id: z.string().nullable(),
  patient_first_name: z.string(),
  patient_last_name: z.string(),
  sent_via: z.array(z.enum(REVIEW_CHANNELS)),
  created_at: z.iso.datetime(),
  is_clicked: z.boolean(),
  click_count: z.number().int(),
  first_clicked_at: z.iso.datetime().nullable(),
  last_clicked_at: z.iso.datetime().nullable(),
  /** The private feedback it brought, when any (its id opens it in the inbox). */
  feedback_id: z.string().nullable(),
});
export type StaffReviewRequestItem = z.infer<typeof StaffReviewRequestItemSchema>;

export const StaffReviewRequestListSchema = z.object({
  from: z.string(),
  to: z.string(),
  requests: z.array(StaffReviewRequestItemSchema),
});
export type StaffReviewRequestList = z.infer<typeof StaffReviewRequestListSchema>;

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LIMIT = 50;
export const StaffSearchQuerySchema = z.object({
  q: z
    .string({ message: `q is required (at least ${SEARCH_MIN_LENGTH} characters)` })
    .trim()
    .min(SEARCH_MIN_LENGTH, { message: `q must be at least ${SEARCH_MIN_LENGTH} characters` })
    .max(SEARCH_MAX_LENGTH, { message: `q must be at most ${SEARCH_MAX_LENGTH} characters` }),
});

/**
 * What a query was read as: a name (and, when it has that form, a booking reference too), a phone, an e-mail, a
 * birth date (`MM/DD/YYYY` or `YYYY-MM-DD`).
 */
export const SEARCH_KINDS = ['name', 'reference', 'name_or_reference', 'phone', 'email', 'dob'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const StaffSearchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** Newest visit first, at most 50; bookings without a time yet (requests) are not listed. */
  appointments: z.array(StaffAppointmentSchema),
});
export type StaffSearchResult = z.infer<typeof StaffSearchResultSchema>;

/** The CSV's header row, in order. */
export const APPOINTMENT_EXPORT_COLUMNS = [
  'reference',
  'date',
  'start',
  'end',
  'status',
  'payment',
  'reason',
  'provider',
  'chair',
  'clinic',
  'patient_first_name',
  'patient_last_name',
  'dob',
  'email',
  'phone',
  'new_or_returning',
  'message',
  'source',
  'campaign',
  // The insurance in words, the booking's language and why it was cancelled (ADR 0066).
  'insurance',
  'language',
  'cancel_reason',
  // The zone date, start and end are in: the booking's clinic's (ADR 0061).
  'time_zone',
] as const;
