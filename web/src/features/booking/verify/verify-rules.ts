import { normaliseRecipient, type VerificationType } from '#domain/verification/contact-normalisation.ts';
import { OTP_LENGTH } from '#domain/verification/verification-schemas.ts';

/** Page 6's pure rules (spec sections 2, 5, 7 and 9). */

export type VerificationChannel = VerificationType;

/**
 * Where a code goes, in the server's own spelling of the contact (domain/verification): the e-mail
 * trimmed and lower-cased, the phone in E.164 with '+1' in front when it has no '+' (spec section
 * 7). A contact that cannot be normalised goes as typed, so the server's message names the problem.
 */
export function otpRecipient(channel: VerificationChannel, contact: string): string {
  return normaliseRecipient(channel, contact) ?? contact.trim();
}

/** The stored key of one contact: codes and tokens belong to a channel and an address. */
export function contactKey(channel: VerificationChannel, contact: string): string {
  return `${channel}:${otpRecipient(channel, contact).toLowerCase()}`;
}

/** Spec section 5: the code accepts digits only, at most 6; a pasted "123 456" or "123-456" still fits. */
export function sanitiseCode(text: string): string {
  return text.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** Whole seconds left until `at` (ms since the epoch), never negative. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1_000));
}

/**
 * Spec section 5: disabled until the code has 6 digits, the consent box is ticked and no request
 * is in progress. A contact already verified (a valid token, e.g. after a taken slot) needs no code.
 */
export function canSubmitVerification(input: {
  code: string;
  hasConsent: boolean;
  isBusy: boolean;
  isVerified: boolean;
}): boolean {
  if (input.isBusy || !input.hasConsent) return false;
  return input.isVerified || input.code.length === OTP_LENGTH;
}

/** A token is used only while it has at least a minute left, so it does not lapse on its way to the server. */
export const TOKEN_MARGIN_MS = 60_000;
