import { solveCaptchaChallenge } from '#domain/captcha/bot-challenge-solution.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchCaptchaChallenge } from './appointment-api.ts';

/**
 * Fetches an ALTCHA challenge and solves it with Web Crypto on the main thread, without any
 * interaction: the patient never sees a captcha. Returns the X-Bot-Challenge header value.
 */
export async function solveBotChallenge(): Promise<string> {
  const header = await solveCaptchaChallenge(await fetchCaptchaChallenge());
  if (!header) throw new ApiError(0, 'CAPTCHA_UNSOLVED', 'Something went wrong');
  return header;
}
