import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/** Error codes are a stable contract: clients and monitors branch on them. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'SLOT_TAKEN',
  'SLOT_UNAVAILABLE',
  // The same person already holds a booking at that time (ADR 0062).
  'PATIENT_ALREADY_BOOKED',
  'PMS_UNAVAILABLE',
  'OTP_INVALID',
  'RATE_LIMITED',
  'CAPTCHA_FAILED',
  'VERIFICATION_REQUIRED',
  'DELIVERY_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  // The staff console (ADR 0038): wrong e-mail or password; a second factor to type; a missing CSRF token;
  // a second factor to set up first.
  'INVALID_CREDENTIALS',
  'CODE_REQUIRED',
  'CSRF_FAILED',
  'TOTP_SETUP_REQUIRED',
  'CONFLICT',
  // Settings saved from an older copy; settings that would leave bookings outside the new times (ADR 0079).
  'VERSION_CONFLICT',
  'STRANDS_BOOKINGS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/** A booking a settings change would leave outside the practice's times (STRANDS_BOOKINGS, ADR 0079). */
export const StrandedBookingSchema = z.object({
  id: z.string(),
  reference: z.nullable(z.string()),
  apt_date: z.string(),
  start_time: z.string(),
  patient_name: z.string(),
});
export type StrandedBooking = z.infer<typeof StrandedBookingSchema>;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  fields: z.optional(FieldErrorsSchema),
  stranded: z.optional(z.array(StrandedBookingSchema)),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/**
 * `{ success: true, message?, result }`: the one success shape of every endpoint. zod/mini, like
 * the practice schemas: the browser needs it before its first paint.
 */
export function successEnvelopeSchema<T extends $ZodType>(result: T) {
  return z.object({
    success: z.literal(true),
    message: z.optional(z.string()),
    result,
  });
}

/**
 * The error envelope as the server sends it (ADR 0070): its `code` one of the stable codes. The
 * browser parses the looser ErrorEnvelopeSchema, so a code added later does not break an old page.
 */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: ErrorCodeSchema,
  fields: z.optional(FieldErrorsSchema),
  stranded: z.optional(z.array(StrandedBookingSchema)),
});
