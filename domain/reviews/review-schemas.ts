import { z } from 'zod';
import type { en as validationMessages } from '../i18n/validation.messages.ts';
import { FEEDBACK_CATEGORIES, FEEDBACK_DESCRIPTION_MAX_LENGTH } from './feedback-categories.ts';

/** A key of the validation catalogue: issue messages are keys, translated where they are shown (ADR 0034). */
const key = (k: keyof typeof validationMessages) => k;

/**
 * The patient-facing review calls (spec section 7, `review/*`): wire names in snake_case, the
 * feedback form's names in camelCase (spec section 3), mapped in `toFeedbackBody`.
 */

export const INVALID_REQUEST_ID_MESSAGE = 'request_id must be the id of a review request';

export const RequestIdSchema = z.uuid({ message: INVALID_REQUEST_ID_MESSAGE });

/**
 * `GET review/verify-request-link/{token}`: who the link is for, the id the other calls use, the
 * practice whose page it is (its form_url, for the branding) and whether it has a Google review page.
 */
export const ReviewRequestLinkSchema = z.object({
  patient_first_name: z.string(),
  patient_last_name: z.string(),
  request_id: z.string(),
  form_url: z.string(),
  has_review_url: z.boolean(),
});
export type ReviewRequestLink = z.infer<typeof ReviewRequestLinkSchema>;

/** `GET review/request/{request_id}/practice`: the practice of a request, for the feedback page's branding. */
export const ReviewRequestPracticeSchema = z.object({ request_id: z.string(), form_url: z.string() });
export type ReviewRequestPractice = z.infer<typeof ReviewRequestPracticeSchema>;

const feedbackCategoryField = () => z.enum(FEEDBACK_CATEGORIES, { message: key('feedbackCategoryInvalid') });

/** Control characters other than tab and line breaks carry no meaning in feedback, and PostgreSQL refuses NUL. */
function stripControlCharacters(text: string): string {
  return text.replace(/\p{Cc}/gu, (character) =>
    character === '\t' || character === '\n' || character === '\r' ? character : '',
  );
}

const feedbackDescriptionField = () =>
  z
    .string({ message: key('feedbackDescriptionRequired') })
    .transform(stripControlCharacters)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: key('feedbackDescriptionRequired') })
        // The catalogue says 2000: the limit and the message change together.
        .max(FEEDBACK_DESCRIPTION_MAX_LENGTH, { message: key('feedbackDescriptionTooLong') }),
    );

/** `POST review/feedback`. */
export const FeedbackBodySchema = z.object({
  request_id: RequestIdSchema,
  feedback_category: feedbackCategoryField(),
  feedback_description: feedbackDescriptionField(),
});
export type FeedbackBody = z.output<typeof FeedbackBodySchema>;

export const FeedbackResultSchema = z.object({ request_id: z.string() });

/** The feedback form (spec section 3: feedbackCategory, feedbackDescription), same rules as the body. */
export const FeedbackFormSchema = z.object({
  feedbackCategory: feedbackCategoryField(),
  feedbackDescription: feedbackDescriptionField(),
});
export type FeedbackForm = z.output<typeof FeedbackFormSchema>;

export function toFeedbackBody(requestId: string, form: FeedbackForm): FeedbackBody {
  return {
    request_id: requestId,
    feedback_category: form.feedbackCategory,
    feedback_description: form.feedbackDescription,
  };
}
