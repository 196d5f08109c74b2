import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, PRODUCTION_ARGON2_OPTIONS, verifyPassword } from './password-hashing.ts';

describe('password hashing', () => {
  it('is argon2id, and a hash made with the production setting verifies and carries it', async () => {
    const production = await argon2.hash('correct horse battery staple', PRODUCTION_ARGON2_OPTIONS);
    expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(production, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(production, 'correct horse battery stapler')).toBe(false);
    expect(await hashPassword('another long password')).toMatch(/^\$argon2id\$/);
  });

  it('answers false, not an error, without a hash or with a broken one', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything at all')).toBe(false);
  });

  it('refuses short, common and e-mail passwords, and takes long plain ones', () => {
    expect(passwordProblem('short one', 'a@b.co')).toBe('too_short');
    expect(passwordProblem('password123456', 'a@b.co')).toBe('common');
    expect(passwordProblem('Password2024!', 'a@b.co')).toBe('common');
    expect(passwordProblem('frontdesk.lee@example.com', 'frontdesk.lee@example.com')).toBe('contains_email');
    expect(passwordProblem('correct horse battery staple', 'a@b.co')).toBeNull();
  });
});
