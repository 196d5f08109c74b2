import { isBooked, type BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import { normalisePhone } from '#domain/verification/contact-normalisation.ts';
import {
  type CreateReviewRequestBody,
  type CreatedReviewRequest,
  type ReviewChannel,
  type ReviewRequestStatus,
} from '#domain/reviews/review-request-schemas.ts';
import {
  RequestIdSchema,
  type FeedbackBody,
  type ReviewRequestLink,
  type ReviewRequestPractice,
} from '#domain/reviews/review-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './reviews.messages.ts';

const t = translator(messages);

import type { PracticesService } from '../practices/practices-service.ts';
import { queueFeedbackNotice } from './review-messages.ts';
import { createReviewRequest } from './review-requests.ts';
import {
  findAppointmentForReview,
  findReviewRequestByTokenHash,
  findReviewRequestPractice,
  findReviewRequestStatus,
  findReviewRequestWithPractice,
  insertFeedback,
  recordReviewClick,
  type ReviewRequestListRow,
} from './review-requests-repository.ts';
import { lockPatient } from './review-sweep-repository.ts';
import { recordPracticeEvent } from '../bookings/booking-lifecycle-steps.ts';
import { hashLinkToken, isWellFormedLinkToken } from '../booking-links/link-tokens.ts';

// What other features may use of this one's storage (ADR 0073): they import it from here, not from the repository.
export { listReviewRequests, type ReviewRequestListRow } from './review-requests-repository.ts';

export const INVALID_REVIEW_LINK_MESSAGE = t('en', 'invalidLink');
export const UNKNOWN_REQUEST_MESSAGE = t('en', 'unknownRequest');
export const NO_GOOGLE_REVIEW_PAGE_MESSAGE = t('en', 'noGooglePage');
export const FEEDBACK_ALREADY_SENT_MESSAGE = t('en', 'feedbackAlreadySent');
export const FEEDBACK_RECEIVED_MESSAGE = t('en', 'feedbackReceived');
const NO_CONSENTED_CONTACT_MESSAGE = // not patient-facing (the staff/admin API)
  'Nothing was created: send is true, but the patient has no e-mail or phone they agreed to be contacted at. ' +
  'Set is_concented: true once the patient has agreed to receive text and email, or leave send false and share the ' +
  'link yourself.';

const noVisitMessage = (status: BookingStatus) =>
  // not patient-facing (the staff/admin API)
  `Nothing was created: this booking is ${
    status === 'no_show'
      ? 'a ' + 'no-show'
      : status === 'requested'
        ? 'a request ' + 'without a time'
        : status.replace('_', ' ')
  }, ` +
  // not patient-facing
  'and review requests are only for visits that happened.';

export interface ReviewsService {
  /** Operators (admin API and CLI): the consent rule of ADR 0013 decides what `send` may use. */
  createRequest(body: CreateReviewRequestBody): Promise<CreatedReviewRequest>;
  /** Operators: clicks and feedback of one request. */
  getRequestStatus(requestId: string): Promise<ReviewRequestStatus>;
  verifyLink(token: string): Promise<ReviewRequestLink>;
  /** The practice a request belongs to: the feedback page wears its branding. */
  findRequestPractice(requestId: string): Promise<ReviewRequestPractice>;
  /** Records the click; returns the practice's Google review page. */
  trackClick(requestId: string): Promise<string>;
  submitFeedback(feedback: FeedbackBody): Promise<{ request_id: string }>;
}

export type ReviewsDeps = {
  db: Database;
  clock: Clock;
  publicUrl: string;
  practices: Pick<PracticesService, 'getFormDetails' | 'requirePractice'>;
  /** false: this server sends no texts (ADR 0029); default true. */
  texts?: boolean;
};

async function createRequest(deps: ReviewsDeps, body: CreateReviewRequestBody): Promise<CreatedReviewRequest> {
  const { db, clock } = deps;
  const practice = await deps.practices.requirePractice((await deps.practices.getFormDetails(body.form_url)).id);
  const appointment = body.appointment_id ? await findAppointmentForReview(db, body.appointment_id) : null;
  if (body.appointment_id && appointment?.practice_id !== practice.id) {
    throw AppError.validation('appointment_id is not an appointment of this practice.', {
      appointment_id: 'not an appointment of this practice',
    });
  }
  // The sweep's rule for every request about a visit: none for a no-show, a cancellation or a request without a
  // time.
  if (appointment && !isBooked(appointment.status))
    throw new AppError(409, 'CONFLICT', noVisitMessage(appointment.status));
  const email = body.email ?? appointment?.email ?? null;
  const phone = body.wireless_phone ?? appointment?.wireless_phone ?? null;
  // Consent: given in this request, or given at booking for that very contact.
  const isBookedContact = (value: string | null, booked: string | null | undefined) =>
    appointment?.is_concented === true && value !== null && value === booked;
  // A phone is texted only in its one spelling (E.164), and compared in it with the booking's.
  const isBookedPhone = (value: string | null) =>
    value !== null && isBookedContact(normalisePhone(value), normalisePhone(appointment?.wireless_phone ?? ''));
  const channels: ReviewChannel[] = [];
  if (body.send && email && (body.is_concented || isBookedContact(email, appointment?.email))) channels.push('email');
  if (
    body.send &&
    phone &&
    normalisePhone(phone) !== null &&
    deps.texts !== false &&
    (body.is_concented || isBookedPhone(phone))
  )
    channels.push('sms');
  if (body.send && channels.length === 0)
    throw AppError.validation(NO_CONSENTED_CONTACT_MESSAGE, { send: 'no consented e-mail or phone to send to' });

  return db.transaction(async (tx) => {
    if (appointment?.patient_id) await lockPatient(tx, appointment.patient_id);
    return createReviewRequest(
      tx,
      {
        practice: { id: practice.id, name: practice.name },
        source: 'admin',
        firstName: body.patient_first_name,
        lastName: body.patient_last_name,
        // The booking's contacts belong to whoever booked it; contacts given here are the patient's.
        bookerFirstName: body.email || body.wireless_phone ? null : (appointment?.booker_first_name ?? null),
        email,
        phone,
        appointmentId: appointment?.id ?? null,
        patientId: appointment?.patient_id ?? null,
        channels,
      },
      { now: clock.now(), publicUrl: deps.publicUrl },
    );
  });
}

async function getRequestStatus(deps: ReviewsDeps, requestId: string): Promise<ReviewRequestStatus> {
  const { db } = deps;
  const row = RequestIdSchema.safeParse(requestId).success ? await findReviewRequestStatus(db, requestId) : null;
  // not patient-facing (the staff/admin API)
  if (!row) throw AppError.notFound(`There is no review request ${requestId}.`);
  return {
    form_url: row.form_url,
    ...reviewRequestSummary(row),
    feedback:
      row.feedback_category !== null && row.feedback_description !== null && row.feedback_created_at !== null
        ? {
            feedback_category: row.feedback_category,
            feedback_description: row.feedback_description,
            created_at: row.feedback_created_at.toISOString(),
          }
        : null,
  };
}

async function verifyLink(deps: ReviewsDeps, token: string): Promise<ReviewRequestLink> {
  const { db } = deps;
  if (!isWellFormedLinkToken(token)) throw AppError.notFound(t.localized('invalidLink'));
  const request = await findReviewRequestByTokenHash(db, hashLinkToken(token));
  if (!request) throw AppError.notFound(t.localized('invalidLink'));
  return {
    patient_first_name: request.patient_first_name,
    patient_last_name: request.patient_last_name,
    request_id: request.id,
    form_url: request.form_url,
    has_review_url: request.has_review_url,
  };
}

async function findRequestPractice(deps: ReviewsDeps, requestId: string): Promise<ReviewRequestPractice> {
  const { db } = deps;
  const request = RequestIdSchema.safeParse(requestId).success ? await findReviewRequestPractice(db, requestId) : null;
  if (!request) throw AppError.notFound(t.localized('unknownRequest'));
  return { request_id: request.id, form_url: request.form_url };
}

async function trackClick(deps: ReviewsDeps, requestId: string): Promise<string> {
  const { db, clock } = deps;
  const request = RequestIdSchema.safeParse(requestId).success
    ? await findReviewRequestWithPractice(db, requestId)
    : null;
  if (!request) throw AppError.notFound(t.localized('unknownRequest'));
  if (!request.google_review_url) throw AppError.notFound(t.localized('noGooglePage'));
  await recordReviewClick(db, request.id, clock.now());
  return request.google_review_url;
}

async function submitFeedback(deps: ReviewsDeps, feedback: FeedbackBody): Promise<{ request_id: string }> {
  const { db, clock } = deps;
  const request = await findReviewRequestWithPractice(db, feedback.request_id);
  if (!request) throw AppError.notFound(t.localized('unknownRequest'));
  await db.transaction(async (tx) => {
    const feedbackId = await insertFeedback(tx, {
      requestId: request.id,
      category: feedback.feedback_category,
      description: feedback.feedback_description,
      createdAt: clock.now(),
    });
    if (!feedbackId) throw new AppError(409, 'CONFLICT', t.localized('feedbackAlreadySent'));
    // The practice is its subject (ADR 0069): webhooks will tell the practice's systems.
    await recordPracticeEvent(tx, {
      practiceId: request.practice_id,
      type: 'feedback.received',
      actor: { kind: 'patient' },
      details: { feedback_id: feedbackId, request_id: request.id, category: feedback.feedback_category },
      at: clock.now(),
    });
    if (request.notification_email) {
      await queueFeedbackNotice(tx, {
        feedbackId,
        requestId: request.id,
        to: request.notification_email,
        patient: {
          firstName: request.patient_first_name,
          lastName: request.patient_last_name,
          email: request.email,
          phone: request.wireless_phone,
        },
        category: feedback.feedback_category,
        description: feedback.feedback_description,
      });
    }
  });
  return { request_id: request.id };
}

type ReviewRequestSummaryRow = Pick<
  ReviewRequestListRow,
  | 'id'
  | 'source'
  | 'appointment_id'
  | 'patient_first_name'
  | 'patient_last_name'
  | 'sent_via'
  | 'created_at'
  | 'click_count'
  | 'first_clicked_at'
  | 'last_clicked_at'
>;

/** A request as both the admin API's status and the console's list show it: who, how sent, and its clicks. */
export function reviewRequestSummary(row: ReviewRequestSummaryRow) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    request_id: row.id,
    source: row.source,
    appointment_id: row.appointment_id,
    patient_first_name: row.patient_first_name,
    patient_last_name: row.patient_last_name,
    sent_via: row.sent_via,
    created_at: row.created_at.toISOString(),
    click_count: row.click_count,
    first_clicked_at: iso(row.first_clicked_at),
    last_clicked_at: iso(row.last_clicked_at),
  };
}

/** The service as the admin API and the console build it: texts only when this server sends them (ADR 0029). */
export function reviewsServiceOf(app: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'offers'>>;
  practices: ReviewsDeps['practices'];
}): ReviewsService {
  const { db, clock, config, practices } = app;
  return createReviewsService({
    db,
    clock,
    publicUrl: config.publicUrl,
    practices,
    ...(config.offers ? { texts: config.offers.texts } : {}),
  });
}

export function createReviewsService(deps: ReviewsDeps): ReviewsService {
  return {
    createRequest: (body) => createRequest(deps, body),
    getRequestStatus: (requestId) => getRequestStatus(deps, requestId),
    verifyLink: (token) => verifyLink(deps, token),
    findRequestPractice: (requestId) => findRequestPractice(deps, requestId),
    trackClick: (requestId) => trackClick(deps, requestId),
    submitFeedback: (feedback) => submitFeedback(deps, feedback),
  };
}
