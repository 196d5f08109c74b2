import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * ALTCHA's check of a solved challenge (its `verifySolution`, SHA-256 only, expiry left to the caller), on
 * `node:crypto`'s synchronous hashes: the library goes through WebCrypto's key import and promises, about half a
 * millisecond of CPU per booking against a few microseconds here (ADR 0087). The challenge is the hash of the salt
 * followed by the number; the signature is the challenge's HMAC under the server's key.
 */
export function isSolvedChallenge(
  payload: { challenge: string; number: number; salt: string; signature: string },
  hmacKey: string,
): boolean {
  const challenge = createHash('sha256').update(`${payload.salt}${payload.number}`).digest('hex');
  if (challenge !== payload.challenge) return false;
  const expected = Buffer.from(createHmac('sha256', hmacKey).update(challenge).digest('hex'));
  const given = Buffer.from(payload.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
