import { BookingResultSchema, type BookingBodyInput, type BookingResult } from '#domain/booking/booking-schemas.ts';
import {
  CheckoutSessionSchema,
  PaymentStatusResponseSchema,
  type CheckoutSession,
  type CreateSessionExtras,
  type PaymentAppointment,
} from '#domain/payments/payment-schemas.ts';
import { BOT_CHALLENGE_HEADER, IDEMPOTENCY_KEY_HEADER } from '#domain/captcha/captcha-schemas.ts';
import { VERIFICATION_TOKEN_HEADER } from '#domain/verification/verification-schemas.ts';
import { apiGetBody, apiRequest } from '../../../lib/api-client.ts';

/** Spec section 7: the calls under the card payment provider's path segment. */

export type { CheckoutSession };

export interface CheckoutSessionRequest {
  /**
   * The same body as `POST appointment`, plus the spec's two return URLs (which the server now
   * ignores, building its own from PUBLIC_URL) and the checkout this browser left, if any.
   */
  body: BookingBodyInput & CreateSessionExtras & { success_url: string; cancel_url: string };
  /** A freshly solved bot challenge (X-Bot-Challenge). */
  botChallenge: string;
  /** The proof from verify-otp when the practice verifies patients (X-Verification-Token). */
  verificationToken: string | null;
}

/** `POST stripe/create-session`: holds the slot and answers with the hosted checkout's URL. */
export async function createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
  const headers: Record<string, string> = { [BOT_CHALLENGE_HEADER]: request.botChallenge };
  if (request.verificationToken) headers[VERIFICATION_TOKEN_HEADER] = request.verificationToken;
  const { result } = await apiRequest({
    method: 'POST',
    path: '/stripe/create-session',
    body: request.body,
    headers,
    result: CheckoutSessionSchema,
  });
  return result;
}

/** `POST stripe/retry-session`: back to the open checkout, or a new one for the same appointment. */
export async function retryCheckoutSession(sessionId: string, practiceId: string): Promise<CheckoutSession> {
  const { result } = await apiRequest({
    method: 'POST',
    path: '/stripe/retry-session',
    body: { session_id: sessionId, practice_id: practiceId },
    result: CheckoutSessionSchema,
  });
  return result;
}

export interface PaymentStatus {
  aptBooked: boolean;
  paymentStatus: string;
  /** What became of the appointment; absent from an older server. */
  appointment: PaymentAppointment | null;
}

/**
 * `GET stripe/check-payment-status?session_id&practice_id`. `apt_booked` sits beside `result`,
 * outside the envelope, so this call checks the whole body.
 */
export async function fetchPaymentStatus(
  sessionId: string,
  practiceId: string,
  signal?: AbortSignal,
): Promise<PaymentStatus> {
  const query = { session_id: sessionId, practice_id: practiceId };
  const body = await apiGetBody('/stripe/check-payment-status', PaymentStatusResponseSchema, query, signal);
  return {
    aptBooked: body.apt_booked,
    paymentStatus: body.result.payment_status,
    appointment: body.result.appointment ?? null,
  };
}

export interface PaidBookingRequest {
  body: BookingBodyInput;
  /** Dollars, from the reason. */
  amount: number;
  sessionId: string;
  idempotencyKey: string;
}

/**
 * Spec section 4: on return, a booking not yet recorded is sent once more with payment details
 * (amount, payment_status 'success', session_id). The server books it from the paid session only.
 */
export async function postPaidBooking(request: PaidBookingRequest): Promise<BookingResult> {
  const body = {
    ...request.body,
    payment_details: { amount: request.amount, payment_status: 'success', session_id: request.sessionId },
  };
  const { result } = await apiRequest({
    method: 'POST',
    path: '/appointment',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: request.idempotencyKey },
    result: BookingResultSchema,
  });
  return result;
}
