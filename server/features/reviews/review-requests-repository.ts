import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { Language } from '#domain/i18n/languages.ts';
import type { ReviewChannel } from '#domain/reviews/review-request-schemas.ts';
import { firstRow, type Queryable } from '../../db/database.ts';

export interface NewReviewRequestRow {
  practiceId: string;
  tokenHash: string;
  source: 'admin' | 'automatic';
  appointmentId: string | null;
  patientId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  sentVia: ReviewChannel[];
  createdAt: Date;
}

export async function insertReviewRequest(tx: Queryable, row: NewReviewRequestRow): Promise<string> {
  const [inserted] = await tx.query<{ id: string }>(
    `insert into review_requests (practice_id, token_hash, source, appointment_id, patient_id, patient_first_name,
       patient_last_name, email, wireless_phone, sent_via, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11)
     returning id`,
    [
      row.practiceId,
      row.tokenHash,
      row.source,
      row.appointmentId,
      row.patientId,
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      row.sentVia,
      row.createdAt,
    ],
  );
  return inserted!.id;
}

/** The request of a review link, with what its page shows of the practice. */
export async function findReviewRequestByTokenHash(db: Queryable, tokenHash: string) {
  const rows = await db.query<{
    id: string;
    patient_first_name: string;
    patient_last_name: string;
    form_url: string;
    has_review_url: boolean;
  }>(
    `select r.id, r.patient_first_name, r.patient_last_name, p.form_url,
            coalesce(btrim(p.google_review_url), '') <> '' as has_review_url
       from review_requests r join practices p on p.id = r.practice_id
      where r.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** The practice of a request, for the branding of its feedback page. */
export const findReviewRequestPractice = (db: Queryable, requestId: string) =>
  firstRow<{ id: string; form_url: string }>(
    db,
    'select r.id, p.form_url from review_requests r join practices p on p.id = r.practice_id where r.id = $1',
    [requestId],
  );

interface ReviewRequestWithPractice {
  id: string;
  practice_id: string;
  patient_first_name: string;
  patient_last_name: string;
  email: string | null;
  wireless_phone: string | null;
  practice_name: string;
  google_review_url: string | null;
  notification_email: string | null;
}

/** The request with what the tracking link and the feedback notification need of its practice. */
export const findReviewRequestWithPractice = (db: Queryable, requestId: string) =>
  firstRow<ReviewRequestWithPractice>(
    db,
    `select r.id, r.practice_id, r.patient_first_name, r.patient_last_name, r.email, r.wireless_phone,
            p.name as practice_name, p.google_review_url, p.notification_email
       from review_requests r join practices p on p.id = r.practice_id
      where r.id = $1`,
    [requestId],
  );

export async function recordReviewClick(db: Queryable, requestId: string, at: Date): Promise<void> {
  await db.query(
    `update review_requests
        set click_count = click_count + 1, first_clicked_at = coalesce(first_clicked_at, $2), last_clicked_at = $2
      where id = $1`,
    [requestId, at],
  );
}

/** Null when the request already has its feedback (one per request). */
export async function insertFeedback(
  tx: Queryable,
  feedback: { requestId: string; category: string; description: string; createdAt: Date },
): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `insert into review_feedback (request_id, feedback_category, feedback_description, created_at)
     values ($1, $2, $3, $4)
     on conflict (request_id) do nothing
     returning id`,
    [feedback.requestId, feedback.category, feedback.description, feedback.createdAt],
  );
  return rows[0]?.id ?? null;
}

/** The language the patient booked in, for the invitation; null without such a booking. */
export async function findAppointmentLanguage(db: Queryable, appointmentId: string): Promise<Language | null> {
  const rows = await db.query<{ language: Language }>('select language from appointments where id = $1', [
    appointmentId,
  ]);
  return rows[0]?.language ?? null;
}

interface AppointmentForReview {
  id: string;
  practice_id: string;
  patient_id: string | null;
  email: string | null;
  wireless_phone: string | null;
  is_concented: boolean;
  booker_first_name: string | null;
  status: BookingStatus;
}

/** The booking details a review request about this appointment may reuse. */
export const findAppointmentForReview = (db: Queryable, appointmentId: string) =>
  firstRow<AppointmentForReview>(
    db,
    'select id, practice_id, patient_id, email, wireless_phone, is_concented, booker_first_name, status from ' +
      'appointments where id = $1',
    [appointmentId],
  );

export interface ReviewRequestListRow {
  id: string;
  source: 'admin' | 'automatic';
  appointment_id: string | null;
  patient_first_name: string;
  patient_last_name: string;
  sent_via: ReviewChannel[];
  created_at: Date;
  click_count: number;
  first_clicked_at: Date | null;
  last_clicked_at: Date | null;
  feedback_id: string | null;
}

/** One request as its status page shows it: the list's row with its practice and its feedback. */
interface ReviewRequestStatusRow extends Omit<ReviewRequestListRow, 'feedback_id'> {
  form_url: string;
  feedback_category: string | null;
  feedback_description: string | null;
  feedback_created_at: Date | null;
}

export const findReviewRequestStatus = (db: Queryable, requestId: string) =>
  firstRow<ReviewRequestStatusRow>(
    db,
    `select r.id, p.form_url, r.source, r.appointment_id, r.patient_first_name, r.patient_last_name, r.sent_via,
            r.created_at, r.click_count, r.first_clicked_at, r.last_clicked_at,
            f.feedback_category, f.feedback_description, f.created_at as feedback_created_at
       from review_requests r
       join practices p on p.id = r.practice_id
       left join review_feedback f on f.request_id = r.id
      where r.id = $1`,
    [requestId],
  );

/** The practice's review requests created in [from, to), newest first, with their clicks and feedback. */
export async function listReviewRequests(
  db: Queryable,
  practiceId: string,
  range: { from: Date; to: Date; limit: number },
): Promise<ReviewRequestListRow[]> {
  return db.query<ReviewRequestListRow>(
    `select r.id, r.source, r.appointment_id, r.patient_first_name, r.patient_last_name, r.sent_via, r.created_at,
            r.click_count, r.first_clicked_at, r.last_clicked_at, f.id as feedback_id
       from review_requests r
       left join review_feedback f on f.request_id = r.id
      where r.practice_id = $1 and r.created_at >= $2 and r.created_at < $3
      order by r.created_at desc, r.id
      limit $4`,
    [practiceId, range.from, range.to, range.limit],
  );
}
