import { quotePatientText } from '#domain/format/patient-text.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import type { ReviewChannel } from '#domain/reviews/review-request-schemas.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import { normalisePhone } from '#domain/verification/contact-normalisation.ts';
import type { Queryable } from '../../db/database.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail, enqueueSms } from '../../jobs/message-jobs.ts';
import * as messages from './review-messages.messages.ts';
import { withOptOutLine } from '../../i18n/opt-out-line.ts';

const t = translator(messages);

export interface ReviewInvitation {
  requestId: string;
  practiceId: string;
  practiceName: string;
  firstName: string;
  lastName: string;
  /**
   * Set when someone booked the visit for the patient: the message is theirs, so it greets them and names the patient.
   */
  bookerFirstName?: string | null;
  email: string | null;
  phone: string | null;
  reviewUrl: string;
  channels: readonly ReviewChannel[];
  /** The language of the patient's booking; English when there is none. */
  language?: Language;
}

/** Queues the link on each channel, in the caller's transaction; the worker delivers it. */
export async function queueReviewInvitation(tx: Queryable, invitation: ReviewInvitation): Promise<void> {
  const { practiceName: practice, reviewUrl: url } = invitation;
  const language = invitation.language ?? DEFAULT_LANGUAGE;
  if (invitation.channels.includes('email') && invitation.email) {
    await enqueueEmail(tx, {
      to: invitation.email,
      subject: t(language, 'subject', { practice }),
      text: [
        t(language, 'greeting', { name: invitation.bookerFirstName ?? invitation.firstName }),
        '',
        invitation.bookerFirstName
          ? t(language, 'thanksFor', { practice, patient: `${invitation.firstName} ${invitation.lastName}` })
          : t(language, 'thanks', { practice }),
        '',
        t(language, 'share', { url }),
        '',
        t(language, 'privately'),
        '',
        t(language, 'sentBy', { product: PRODUCT_NAME, practice }),
      ].join('\n'),
      idempotencyKey: `review-request:${invitation.requestId}`,
    });
  }
  // The product's one spelling of a phone (E.164), so opt-outs and replies, kept in it, match.
  const phone = invitation.phone ? normalisePhone(invitation.phone) : null;
  if (invitation.channels.includes('sms') && phone) {
    await enqueueSms(tx, {
      to: phone,
      text: reviewInvitationText(language, practice, url),
      idempotencyKey: `review-request:${invitation.requestId}`,
      practiceId: invitation.practiceId,
    });
  }
}

/** The invitation's text message, with the opt-out line (its segments: sms-lengths.test.ts, ADR 0062). */
export function reviewInvitationText(language: Language, practice: string, url: string): string {
  return withOptOutLine(language, t(language, 'text', { practice, url }));
}

export interface FeedbackNotice {
  feedbackId: string;
  requestId: string;
  to: string;
  patient: { firstName: string; lastName: string; email: string | null; phone: string | null };
  category: string;
  description: string;
}

/** Tells the practice of a private feedback, with the contacts it needs to follow up. */
export async function queueFeedbackNotice(tx: Queryable, notice: FeedbackNotice): Promise<void> {
  const { patient } = notice;
  const name = `${patient.firstName} ${patient.lastName}`;
  await enqueueEmail(tx, {
    to: notice.to,
    // practice-facing
    subject: `Private feedback from ${name}: ${notice.category}`,
    text: [
      // practice-facing
      'A patient sent private feedback from the review page.',
      '',
      `Category: ${notice.category}`,
      quotePatientText('Feedback (written by the patient)', notice.description),
      '',
      `Patient: ${name}`,
      `Email: ${patient.email ?? 'not given'}`,
      `Phone: ${patient.phone ? formatPhone(patient.phone) : 'not given'}`,
      // practice-facing
      `Review request id: ${notice.requestId}`,
    ].join('\n'),
    idempotencyKey: `review-feedback:${notice.feedbackId}`,
  });
}
