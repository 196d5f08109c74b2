import { quotePatientText } from '#domain/format/patient-text.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import type { ReviewChannel } from '#domain/reviews/review-request-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { enqueueEmail, enqueueSms } from '../../jobs/message-jobs.ts';

export interface ReviewInvitation {
  requestId: string;
  practiceId: string;
  practiceName: string;
  firstName: string;
  lastName: string;
  /** Set when someone booked the visit for the patient: the message is theirs, so it greets them and names the patient. */
  bookerFirstName?: string | null;
  email: string | null;
  phone: string | null;
  reviewUrl: string;
  channels: readonly ReviewChannel[];
}

/** Queues the link on each channel, in the caller's transaction; the worker delivers it. */
export async function queueReviewInvitation(tx: Queryable, invitation: ReviewInvitation): Promise<void> {
  const { practiceName, reviewUrl } = invitation;
  if (invitation.channels.includes('email') && invitation.email) {
    await enqueueEmail(tx, {
      to: invitation.email,
      subject: `How was your visit to ${practiceName}?`,
      text: [
        `Hello ${invitation.bookerFirstName ?? invitation.firstName},`,
        '',
        invitation.bookerFirstName
          ? `Thank you for choosing ${practiceName} for ${invitation.firstName} ${invitation.lastName}. We would love to hear how the visit went.`
          : `Thank you for choosing ${practiceName}. We would love to hear how your visit went.`,
        '',
        `Share your experience: ${reviewUrl}`,
        '',
        'If something was not right, you can also tell the practice privately on the same page.',
        '',
        `Sent by ${PRODUCT_NAME} on behalf of ${practiceName}.`,
      ].join('\n'),
      idempotencyKey: `review-request:${invitation.requestId}`,
    });
  }
  if (invitation.channels.includes('sms') && invitation.phone) {
    await enqueueSms(tx, {
      to: toSmsNumber(invitation.phone),
      text: `${practiceName}: thank you for your visit! Tell us how it went: ${reviewUrl}`,
      idempotencyKey: `review-request:${invitation.requestId}`,
      practiceId: invitation.practiceId,
    });
  }
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
    subject: `Private feedback from ${name}: ${notice.category}`,
    text: [
      'A patient sent private feedback from the review page.',
      '',
      `Category: ${notice.category}`,
      quotePatientText('Feedback (written by the patient)', notice.description),
      '',
      `Patient: ${name}`,
      `Email: ${patient.email ?? 'not given'}`,
      `Phone: ${patient.phone ?? 'not given'}`,
      `Review request id: ${notice.requestId}`,
    ].join('\n'),
    idempotencyKey: `review-feedback:${notice.feedbackId}`,
  });
}

/** Spec section 7's rule for phones: '+1' before a number given without '+'. */
export function toSmsNumber(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.startsWith('+') ? trimmed : `+1${trimmed.replace(/\D/g, '')}`;
}
