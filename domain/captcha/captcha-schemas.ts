import { z } from 'zod';

/**
 * An ALTCHA proof-of-work challenge (`GET captcha/challenge`). The browser solves it without any
 * interaction and sends the solution, base64-encoded JSON, in the `X-Bot-Challenge` header.
 */
export const CaptchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const BOT_CHALLENGE_HEADER = 'X-Bot-Challenge';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
