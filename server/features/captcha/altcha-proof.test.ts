import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { isSolvedChallenge } from './altcha-proof.ts';

const KEY = 'test-hmac-key';

async function solvedPayload(options: { expires?: Date } = {}) {
  const challenge = await createChallenge({ hmacKey: KEY, maxNumber: 200, algorithm: 'SHA-256', ...options });
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, 200).promise;
  return { ...challenge, number: solution!.number };
}

describe('isSolvedChallenge', () => {
  it('accepts what the ALTCHA library accepts, expiry in the salt included', async () => {
    for (const payload of [await solvedPayload(), await solvedPayload({ expires: new Date(Date.now() + 60_000) })]) {
      expect(await verifySolution(payload, KEY, false)).toBe(true);
      expect(isSolvedChallenge(payload, KEY)).toBe(true);
    }
  });

  it('refuses what the library refuses: another number, salt, challenge, signature or key', async () => {
    const payload = await solvedPayload();
    const forgeries = [
      { ...payload, number: payload.number + 1 },
      { ...payload, salt: `${payload.salt}x` },
      { ...payload, challenge: payload.challenge.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { ...payload, signature: payload.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { ...payload, signature: `${payload.signature}00` },
    ];
    for (const forged of forgeries) {
      expect(await verifySolution(forged, KEY, false)).toBe(false);
      expect(isSolvedChallenge(forged, KEY)).toBe(false);
    }
    expect(isSolvedChallenge(payload, 'another-key')).toBe(false);
  });
});
