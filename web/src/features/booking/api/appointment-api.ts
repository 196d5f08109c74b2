import type { BookingBodyInput, BookingResult } from '#domain/booking/booking-schemas.ts';
import { BookingResultSchema } from '#domain/booking/booking-schemas.ts';
import {
  BOT_CHALLENGE_HEADER,
  CaptchaChallengeSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CaptchaChallenge,
} from '#domain/captcha/captcha-schemas.ts';
import { VERIFICATION_TOKEN_HEADER } from '#domain/verification/verification-schemas.ts';
import { apiGet, apiRequest, ApiError } from '../../../lib/api-client.ts';

export function fetchCaptchaChallenge(): Promise<CaptchaChallenge> {
  return apiGet('/captcha/challenge', CaptchaChallengeSchema);
}

export interface BookingAttempt {
  body: BookingBodyInput;
  /** The solved bot challenge, base64 JSON (the X-Bot-Challenge header). */
  botChallenge: string;
  /** One per submit attempt; a network retry of the same attempt reuses it so the server books once. */
  idempotencyKey: string;
  /** The proof from verify-otp, for a practice that verifies patients (X-Verification-Token). */
  verificationToken?: string | null;
}

const NETWORK_RETRIES = 1;

/** Spec section 7: POST appointment, retried once on a network failure with the same Idempotency-Key. */
export async function postAppointment(
  attempt: BookingAttempt,
): Promise<{ result: BookingResult; message: string | undefined }> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await apiRequest({
        method: 'POST',
        path: '/appointment',
        result: BookingResultSchema,
        body: attempt.body,
        headers: {
          [BOT_CHALLENGE_HEADER]: attempt.botChallenge,
          [IDEMPOTENCY_KEY_HEADER]: attempt.idempotencyKey,
          ...(attempt.verificationToken ? { [VERIFICATION_TOKEN_HEADER]: attempt.verificationToken } : {}),
        },
      });
    } catch (error) {
      const isNetworkFailure = error instanceof ApiError && error.status === 0;
      if (!isNetworkFailure || tries >= NETWORK_RETRIES) throw error;
    }
  }
}
