import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { solveCaptchaChallenge } from './bot-challenge-solution.ts';

const hmacKey = 'test-key';

describe('solving the bot challenge', () => {
  it('returns a header value that the server verifies', async () => {
    const challenge = await createChallenge({ hmacKey, maxnumber: 1_000, number: 321 });
    const header = await solveCaptchaChallenge(challenge);
    expect(header).not.toBeNull();
    expect(JSON.parse(atob(header!))).toMatchObject({ number: 321, challenge: challenge.challenge });
    expect(await verifySolution(header!, hmacKey)).toBe(true);
  });

  it('answers null when no number up to the maximum solves it', async () => {
    const challenge = await createChallenge({ hmacKey, maxnumber: 10, number: 500 });
    expect(await solveCaptchaChallenge({ ...challenge, maxnumber: 10 })).toBeNull();
  });
});
