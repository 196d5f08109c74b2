import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib/v1';
import { CaptchaChallengeSchema } from '#domain/captcha/captcha-schemas.ts';

/** Fetches a challenge from the app and solves it as the browser does: the X-Bot-Challenge value. */
export async function solveBotChallenge(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
  const challenge = CaptchaChallengeSchema.parse(response.json().result);
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('challenge not solvable');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
