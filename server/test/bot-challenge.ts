import type { FastifyInstance } from 'fastify';
import { solveCaptchaChallenge } from '#domain/captcha/bot-challenge-solution.ts';
import { CaptchaChallengeSchema } from '#domain/captcha/captcha-schemas.ts';

/** Fetches a challenge from the app and solves it as the browser does: the X-Bot-Challenge value. */
export async function solveBotChallenge(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
  const header = await solveCaptchaChallenge(CaptchaChallengeSchema.parse(response.json().result));
  if (!header) throw new Error('challenge not solvable');
  return header;
}
