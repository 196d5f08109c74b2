import { solveChallenge } from 'altcha-lib/v1';
import type { CaptchaChallenge } from './captcha-schemas.ts';

/**
 * Solves an ALTCHA challenge the way the booking page does and returns the X-Bot-Challenge header
 * value (base64 of the solution); null when no number solves it. The browser and the server's
 * tests share it, so a test sends exactly what a patient's browser sends.
 */
export async function solveCaptchaChallenge(challenge: CaptchaChallenge): Promise<string | null> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) return null;
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}
