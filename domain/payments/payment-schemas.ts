import { z } from 'zod';

/**
 * The card payment calls (spec section 7, under the provider's path segment), shared by the
 * server's routes and the browser's client.
 */

/**
 * `POST stripe/create-session`: the `POST appointment` body plus these. The spec's
 * `success_url` and `cancel_url` may still be sent but are ignored: the server builds the return
 * URLs from PUBLIC_URL and the practice (ADR 0023), so they can neither fail a booking nor
 * redirect anywhere else. A malformed `replaces_session_id` is ignored too: it is only a hint.
 */
export const CreateSessionExtrasSchema = z.object({
  /**
   * The checkout session this browser started before (browser Back from the checkout): its hold is
   * resumed or replaced.
   */
  replaces_session_id: z.string().trim().min(1).max(300).optional().catch(undefined),
});
export type CreateSessionExtras = z.infer<typeof CreateSessionExtrasSchema>;

export const CheckoutSessionSchema = z.object({ session_id: z.string().min(1), url: z.string().min(1) });
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** The query of `GET stripe/check-payment-status` and the body of `POST stripe/retry-session`. */
export const SessionRefSchema = z.object({
  session_id: z
    .string({ message: 'session_id is required' })
    .trim()
    .min(1, { message: 'session_id is required' })
    .max(300),
  practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
});
export type SessionRef = z.infer<typeof SessionRefSchema>;

/**
 * What became of the appointment a checkout was for: `held` (the time is kept while the patient
 * pays), `booked` (paid or not) or `released` (the hold ran out or was replaced; nothing is booked).
 */
export const APPOINTMENT_STATES = ['held', 'booked', 'released'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

export const PaymentAppointmentSchema = z.object({
  state: z.enum(APPOINTMENT_STATES),
  /** Practice-local "YYYY-MM-DD" and "HH:mm:ss"; null for a request without a time. */
  apt_date: z.string().nullable(),
  start_time: z.string().nullable(),
  /** The practice's IANA time zone, which the times above are in. */
  time_zone: z.string(),
  /** While held: the instant (ISO 8601) the hold ends. */
  held_until: z.string().nullable(),
  /** True when `POST stripe/retry-session` can take the patient to a checkout again. */
  can_retry_payment: z.boolean(),
  /** Once booked (ADR 0036): the reference and the patient's manage page, `/{form_url}/appointment/{token}`. */
  reference: z.string().nullable().optional(),
  manage_path: z.string().nullable().optional(),
  /** The instants of the visit, for `Add to calendar` (ISO 8601). */
  starts_at: z.string().nullable().optional(),
  ends_at: z.string().nullable().optional(),
  /** Once booked (ADR 0060): the provider it went to (a First Available booking's too) and its clinic. */
  provider_name: z.string().nullable().optional(),
  clinic_num: z.int().nullable().optional(),
});
export type PaymentAppointment = z.infer<typeof PaymentAppointmentSchema>;

/** `apt_booked` sits beside `result` (spec section 7); `result.appointment` is our addition. */
export const PaymentStatusResponseSchema = z.object({
  success: z.literal(true),
  apt_booked: z.boolean(),
  result: z.object({ payment_status: z.string(), appointment: PaymentAppointmentSchema.optional() }),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;
