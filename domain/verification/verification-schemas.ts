import { z } from 'zod';
import { successEnvelopeSchema } from '../api/envelope-schemas.ts';
import type { en as validationMessages } from '../i18n/validation.messages.ts';
import { normaliseRecipient } from './contact-normalisation.ts';

type ValidationKey = keyof typeof validationMessages;

/**
 * `verify/send-otp` and `verify/verify-otp` (spec section 7). The server normalises the recipient
 * inside these schemas (e-mail lower-cased, phone in E.164), so the browser may send it as typed.
 */

export const OTP_LENGTH = 6;
/** Spec section 9: "Send again" waits this long; the server enforces it too. */
export const RESEND_COOLDOWN_SECONDS = 30;
/** The proof from `verify-otp` travels to `POST appointment` in this header, outside the spec's body. */
export const VERIFICATION_TOKEN_HEADER = 'X-Verification-Token';

export const VerificationTypeSchema = z.enum(['email', 'text'], {
  message: "verification_type must be 'email' or 'text'",
});

/** Keys of the validation catalogue (domain/i18n/validation.messages.ts): the patient reads these. */
const INVALID_RECIPIENT = {
  email: 'emailInvalid',
  text: 'mobilePhoneInvalid',
} as const satisfies Record<'email' | 'text', ValidationKey>;
const OTP_INVALID: ValidationKey = 'otpInvalid';

const contactShape = {
  recipient: z.string({ message: 'recipient is required' }).max(254, { message: 'recipient is too long' }),
  verification_type: VerificationTypeSchema,
  practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
};

function withNormalisedRecipient<T extends { recipient: string; verification_type: 'email' | 'text' }>(
  body: T,
  ctx: z.RefinementCtx<T>,
): T {
  const recipient = normaliseRecipient(body.verification_type, body.recipient);
  if (recipient === null) {
    ctx.issues.push({
      code: 'custom',
      path: ['recipient'],
      message: INVALID_RECIPIENT[body.verification_type],
      input: body.recipient,
    });
    return z.NEVER;
  }
  return { ...body, recipient };
}

export const SendOtpBodySchema = z.object(contactShape).transform(withNormalisedRecipient);
export type SendOtpBodyInput = z.input<typeof SendOtpBodySchema>;
export type SendOtpBody = z.output<typeof SendOtpBodySchema>;

export const VerifyOtpBodySchema = z
  .object({
    ...contactShape,
    otp: z
      .string({ message: 'otp is required' })
      .trim()
      .regex(/^\d{6}$/, { message: OTP_INVALID }),
  })
  .transform(withNormalisedRecipient);
export type VerifyOtpBodyInput = z.input<typeof VerifyOtpBodySchema>;
export type VerifyOtpBody = z.output<typeof VerifyOtpBodySchema>;

export const SendOtpResultSchema = z.object({
  /** The normalised address the code went to. */
  recipient: z.string(),
  expires_in_seconds: z.number().int(),
  resend_in_seconds: z.number().int(),
});
export type SendOtpResult = z.infer<typeof SendOtpResultSchema>;
export const SendOtpResponseSchema = successEnvelopeSchema(SendOtpResultSchema);

export const VerifyOtpResultSchema = z.object({
  /** Send it as the `X-Verification-Token` header of `POST appointment`. */
  verification_token: z.string().min(1),
  /** ISO instant after which the token is refused. */
  expires_at: z.string(),
});
export type VerifyOtpResult = z.infer<typeof VerifyOtpResultSchema>;
export const VerifyOtpResponseSchema = successEnvelopeSchema(VerifyOtpResultSchema);
