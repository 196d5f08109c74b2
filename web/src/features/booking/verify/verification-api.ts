import {
  SendOtpResultSchema,
  VerifyOtpResultSchema,
  type SendOtpBodyInput,
  type SendOtpResult,
  type VerifyOtpBodyInput,
  type VerifyOtpResult,
} from '#domain/verification/verification-schemas.ts';
import { apiRequest, type ApiResponse } from '../../../lib/api-client.ts';

/** Spec section 7: `verify/send-otp`. */
export function sendOtp(body: SendOtpBodyInput): Promise<ApiResponse<SendOtpResult>> {
  return apiRequest({ method: 'POST', path: '/verify/send-otp', body, result: SendOtpResultSchema });
}

/** Spec section 7: `verify/verify-otp`; the result carries the token for the booking's `X-Verification-Token`. */
export function verifyOtp(body: VerifyOtpBodyInput): Promise<ApiResponse<VerifyOtpResult>> {
  return apiRequest({ method: 'POST', path: '/verify/verify-otp', body, result: VerifyOtpResultSchema });
}
