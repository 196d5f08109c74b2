import { DEFAULT_LANGUAGE } from '#domain/i18n/languages.ts';
import type { CreatedReviewRequest, ReviewChannel } from '#domain/reviews/review-request-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { queueReviewInvitation } from './review-messages.ts';
import { findAppointmentLanguage, insertReviewRequest } from './review-requests-repository.ts';
import { createLinkToken } from '../booking-links/link-tokens.ts';

export interface ReviewRequestDraft {
  practice: { id: string; name: string };
  source: 'admin' | 'automatic';
  firstName: string;
  lastName: string;
  /** Who booked the visit for the patient, when someone did: the contacts are theirs. */
  bookerFirstName?: string | null;
  email: string | null;
  phone: string | null;
  appointmentId: string | null;
  patientId: string | null;
  /** Where to send the link now: only contacts that consented (the callers check). */
  channels: ReviewChannel[];
}

/**
 * Stores a review request and queues its messages in one transaction. The link token exists only
 * in the returned URL and the messages; the table keeps its hash.
 */
export async function createReviewRequest(
  tx: Queryable,
  draft: ReviewRequestDraft,
  context: { now: Date; publicUrl: string },
): Promise<CreatedReviewRequest> {
  const { token, tokenHash } = createLinkToken();
  const requestId = await insertReviewRequest(tx, {
    practiceId: draft.practice.id,
    tokenHash,
    source: draft.source,
    appointmentId: draft.appointmentId,
    patientId: draft.patientId,
    firstName: draft.firstName,
    lastName: draft.lastName,
    email: draft.email,
    phone: draft.phone,
    sentVia: draft.channels,
    createdAt: context.now,
  });
  const reviewUrl = `${context.publicUrl}/review/${token}`;
  await queueReviewInvitation(tx, {
    requestId,
    practiceId: draft.practice.id,
    practiceName: draft.practice.name,
    firstName: draft.firstName,
    lastName: draft.lastName,
    bookerFirstName: draft.bookerFirstName ?? null,
    email: draft.email,
    phone: draft.phone,
    reviewUrl,
    channels: draft.channels,
    language: (draft.appointmentId && (await findAppointmentLanguage(tx, draft.appointmentId))) || DEFAULT_LANGUAGE,
  });
  return { request_id: requestId, review_url: reviewUrl, sent_via: draft.channels };
}
