import { solveChallenge } from 'altcha-lib/v1';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchCaptchaChallenge } from './appointment-api.ts';

/**
 * Fetches an ALTCHA challenge and solves it with Web Crypto on the main thread, without any
 * interaction: the patient never sees a captcha. Returns the X-Bot-Challenge header value.
 */
export async function solveBotChallenge(): Promise<string> {
  const challenge = await fetchCaptchaChallenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new ApiError(0, 'CAPTCHA_UNSOLVED', 'Something went wrong');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}
