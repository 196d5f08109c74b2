import { z } from 'zod';
import { emailField, phoneField } from '../booking/booking-field-rules.ts';
import { FormUrlSchema } from '../practice/practice-query-schemas.ts';

/** `POST admin/review-requests` (operators, bearer ADMIN_API_KEY) and `npm run review:request`. */

const patientName = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(100, { message: `${field} must be at most 100 characters` })
    .regex(/^[^\p{Cc}]+$/u, { message: `${field} must not contain control characters` });

export const CreateReviewRequestBodySchema = z.object({
  form_url: FormUrlSchema,
  patient_first_name: patientName('patient_first_name'),
  patient_last_name: patientName('patient_last_name'),
  email: emailField().nullish(),
  wireless_phone: phoneField().nullish(),
  /** The visit this request is about; its booking's consented contacts are used when none are given. */
  appointment_id: z.uuid({ message: 'appointment_id must be an appointment id' }).nullish(),
  /**
   * The patient agreed to receive text and email from the practice (the booking's consent, same
   * wire name): needed to send to a contact that did not come from a consented booking.
   */
  is_concented: z.boolean({ message: 'is_concented must be true or false' }).default(false),
  /** true: send the link now by e-mail and/or SMS, to the consented contacts only. */
  send: z.boolean({ message: 'send must be true or false' }).default(false),
});
export type CreateReviewRequestBody = z.output<typeof CreateReviewRequestBodySchema>;
export type CreateReviewRequestInput = z.input<typeof CreateReviewRequestBodySchema>;

export const REVIEW_CHANNELS = ['email', 'sms'] as const;
export type ReviewChannel = (typeof REVIEW_CHANNELS)[number];

export const CreatedReviewRequestSchema = z.object({
  request_id: z.string(),
  /** `{PUBLIC_URL}/review/{token}`: the token is shown only here and in the messages. */
  review_url: z.string(),
  /** The channels the link was queued on (empty unless `send`). */
  sent_via: z.array(z.enum(REVIEW_CHANNELS)),
});
export type CreatedReviewRequest = z.infer<typeof CreatedReviewRequestSchema>;

/** `GET admin/review-requests/{request_id}`: what became of a request (operators only). */
export const ReviewRequestStatusSchema = z.object({
  request_id: z.string(),
  form_url: z.string(),
  source: z.enum(['admin', 'automatic']),
  appointment_id: z.string().nullable(),
  patient_first_name: z.string(),
  patient_last_name: z.string(),
  sent_via: z.array(z.enum(REVIEW_CHANNELS)),
  created_at: z.string(),
  click_count: z.number().int(),
  first_clicked_at: z.string().nullable(),
  last_clicked_at: z.string().nullable(),
  feedback: z
    .object({ feedback_category: z.string(), feedback_description: z.string(), created_at: z.string() })
    .nullable(),
});
export type ReviewRequestStatus = z.infer<typeof ReviewRequestStatusSchema>;
