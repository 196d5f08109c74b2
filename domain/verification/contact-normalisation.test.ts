import { describe, expect, it } from 'vitest';
import { normaliseEmail, normalisePhone, normaliseRecipient } from './contact-normalisation.ts';
import { SendOtpBodySchema, VerifyOtpBodySchema } from './verification-schemas.ts';

describe('normalisePhone', () => {
  it.each([
    ['+15125550123', '+15125550123'],
    ['5125550123', '+15125550123'],
    ['15125550123', '+15125550123'],
    ['(512) 555-0123', '+15125550123'],
    ['512.555.0123', '+15125550123'],
    [' +1 512 555 0123 ', '+15125550123'],
    // The forms people type: the product's one normaliser reads each as the same E.164 number
    // (review requests, bookings, codes, opt-outs and replies all meet in it).
    ['+1 512 555 0123', '+15125550123'],
    ['1-512-555-0123', '+15125550123'],
    ['1 (512) 555-0123', '+15125550123'],
    ['+1 (512) 555-0123', '+15125550123'],
    ['512 555 0123', '+15125550123'],
    ['512\t555\u00a00123', '+15125550123'],
    ['(512)555-0123', '+15125550123'],
    ['+44 20 7183 8750', '+442071838750'],
    ['+442071838750', '+442071838750'],
    ['+4915123456789', '+4915123456789'],
    ['+61412345678', '+61412345678'],
  ])('reads %s as %s', (raw, e164) => {
    expect(normalisePhone(raw)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['+1512555012', 'nine digits after +1'],
    ['+151255501234', 'eleven digits after +1'],
    ['0125550123', 'area code starting with 0'],
    ['1125550123', 'area code starting with 1 (read as +1 with nine digits)'],
    ['+11125550123', 'area code starting with 1'],
    ['+15120550123', 'exchange starting with 0'],
    ['+15121550123', 'exchange starting with 1'],
    ['+4412345', 'seven digits in all'],
    ['+4412345678901234', 'sixteen digits in all'],
    ['+0441234567890', 'country code 0'],
    ['512-555-01a3', 'a letter'],
    ['512-555-CALL', 'letters for digits'],
    ['512-555-0123 ext. 45', 'an extension (a text cannot reach one)'],
    ['512-555-0123x45', 'an extension written x'],
    ['555-0123', 'too short: no area code'],
    ['51255501234', 'too long: eleven digits not starting with 1'],
    ['+1 512 555 01234', 'too long after +1'],
    ['   ', 'only spaces'],
    ['++15125550123', 'two plus signs'],
    ['51255+50123', 'a plus inside'],
  ])('refuses %s (%s)', (raw) => {
    expect(normalisePhone(raw)).toBeNull();
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com');
  });

  it.each(['', 'ana', 'ana@', '@example.com', 'ana lopez@example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses %j',
    (raw) => {
      expect(normaliseEmail(raw)).toBeNull();
    },
  );
});

describe('normaliseRecipient and the wire schemas', () => {
  it('normalises by verification type', () => {
    expect(normaliseRecipient('email', 'A@B.co')).toBe('a@b.co');
    expect(normaliseRecipient('text', '512 555 0123')).toBe('+15125550123');
    expect(normaliseRecipient('text', 'a@b.co')).toBeNull();
  });

  const practiceId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  it('hands the server the normalised recipient', () => {
    expect(
      SendOtpBodySchema.parse({ recipient: '+1 (512) 555-0123', verification_type: 'text', practice_id: practiceId }),
    ).toEqual({
      recipient: '+15125550123',
      verification_type: 'text',
      practice_id: practiceId,
    });
    expect(
      VerifyOtpBodySchema.parse({
        recipient: 'Ana@Example.com',
        verification_type: 'email',
        practice_id: practiceId,
        otp: '012345',
      }).recipient,
    ).toBe('ana@example.com');
  });

  it('names the recipient field when it is not valid for its type', () => {
    const parsed = SendOtpBodySchema.safeParse({
      recipient: '+1555',
      verification_type: 'text',
      practice_id: practiceId,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['recipient'], message: 'mobilePhoneInvalid' }),
    ]);
  });

  it.each(['12345', '1234567', '12345a', 123456])('refuses the code %j', (otp) => {
    expect(
      VerifyOtpBodySchema.safeParse({ recipient: 'a@b.co', verification_type: 'email', practice_id: practiceId, otp })
        .success,
    ).toBe(false);
  });
});
