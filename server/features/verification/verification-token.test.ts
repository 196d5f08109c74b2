import { describe, expect, it } from 'vitest';
import {
  readVerificationToken,
  signVerificationToken,
  verificationTokenHash,
  type VerificationClaims,
} from './verification-token.ts';

const key = 'k'.repeat(43);
const now = new Date('2026-03-02T12:00:00Z');
const claims: VerificationClaims = {
  p: 'practice-1',
  r: 'ana@example.com',
  t: 'email',
  exp: now.getTime() / 1000 + 1800,
};

describe('verification tokens', () => {
  it('reads back what was signed until it expires', () => {
    const token = signVerificationToken(key, claims);
    expect(readVerificationToken(key, token, now)).toEqual(claims);
    expect(readVerificationToken(key, token, new Date(now.getTime() + 1_799_000))).toEqual(claims);
    expect(readVerificationToken(key, token, new Date(now.getTime() + 1_800_000))).toBeNull();
  });

  it('refuses a token signed with another key', () => {
    expect(readVerificationToken(key, signVerificationToken('other-key', claims), now)).toBeNull();
  });

  it('refuses changed claims under the old signature', () => {
    const [, signature] = signVerificationToken(key, claims).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, r: 'eve@example.com' })).toString('base64url');
    expect(readVerificationToken(key, `${forged}.${signature}`, now)).toBeNull();
  });

  it.each(['', 'abc', 'a.b.c', '.', `${'a'.repeat(2000)}.b`])('refuses the malformed token %j', (token) => {
    expect(readVerificationToken(key, token, now)).toBeNull();
  });

  it('refuses signed garbage', () => {
    const payload = Buffer.from('not json').toString('base64url');
    const token = signVerificationToken(key, claims).replace(/^[^.]+/, payload);
    expect(readVerificationToken(key, token, now)).toBeNull();
  });

  it('accepts only its one canonical spelling (other base64 spellings of the same bytes are refused)', () => {
    const token = signVerificationToken(key, claims);
    const [payload, signature] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 signature bytes leave 4 unused bits in the last character: another character can decode the same.
    const sameBytes = [...alphabet]
      .map((c) => signature.slice(0, -1) + c)
      .find((s) => s !== signature && Buffer.from(s, 'base64url').equals(Buffer.from(signature, 'base64url')));
    expect(sameBytes).toBeDefined();
    const spellings = [
      `${payload}.${sameBytes}`,
      `${payload}.${signature}=`,
      `${payload}.${Buffer.from(signature, 'base64url').toString('base64')}`,
      `${payload}=.${signature}`,
      ` ${token}`,
    ];
    for (const spelling of spellings) expect(readVerificationToken(key, spelling, now), spelling).toBeNull();
    expect(verificationTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
