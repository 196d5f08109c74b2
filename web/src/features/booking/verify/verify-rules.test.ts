import { describe, expect, it } from 'vitest';
import { canSubmitVerification, contactKey, otpRecipient, sanitiseCode, secondsUntil } from './verify-rules.ts';

describe('otpRecipient (spec section 7)', () => {
  it("sends the e-mail in the server's spelling: trimmed and lower-cased", () => {
    expect(otpRecipient('email', '  Jane@Example.com ')).toBe('jane@example.com');
  });

  it("sends the phone in the server's E.164 spelling, with or without '+'", () => {
    expect(otpRecipient('text', '(512) 555-0199')).toBe('+15125550199');
    expect(otpRecipient('text', '+44 20 7183 8750')).toBe('+442071838750');
  });

  it('sends a contact that cannot be normalised as typed, for the server to name the problem', () => {
    expect(otpRecipient('email', ' not-an-email ')).toBe('not-an-email');
    expect(otpRecipient('text', '555')).toBe('555');
  });

  it("puts '+1' in front of a phone without '+'", () => {
    expect(otpRecipient('text', '5125550199')).toBe('+15125550199');
    expect(otpRecipient('text', '+445551234567')).toBe('+445551234567');
  });

  it('does not double the country code of an 11-digit number starting with 1', () => {
    expect(otpRecipient('text', '15125550199')).toBe('+15125550199');
  });
});

describe('contactKey', () => {
  it('is the same however the contact was spelled', () => {
    expect(contactKey('email', 'Jane@Example.com')).toBe(contactKey('email', 'jane@example.com '));
    expect(contactKey('text', '5125550199')).toBe(contactKey('text', '+15125550199'));
    expect(contactKey('text', '5125550199')).not.toBe(contactKey('email', '5125550199'));
  });
});

describe('sanitiseCode (spec section 5: digits only, max 6)', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['123-456', '123456'],
    ['12a3', '123'],
    ['1234567890', '123456'],
    ['abc', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitiseCode(input)).toBe(expected);
  });
});

describe('secondsUntil', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsUntil(30_000, 0)).toBe(30);
    expect(secondsUntil(30_000, 1)).toBe(30);
    expect(secondsUntil(30_000, 29_001)).toBe(1);
    expect(secondsUntil(30_000, 30_000)).toBe(0);
    expect(secondsUntil(30_000, 90_000)).toBe(0);
  });
});

describe('the verify button (spec sections 2 and 5)', () => {
  it('needs six digits, the consent and no request in flight', () => {
    const ready = { code: '123456', hasConsent: true, isBusy: false, isVerified: false };
    expect(canSubmitVerification(ready)).toBe(true);
    expect(canSubmitVerification({ ...ready, code: '12345' })).toBe(false);
    expect(canSubmitVerification({ ...ready, hasConsent: false })).toBe(false);
    expect(canSubmitVerification({ ...ready, isBusy: true })).toBe(false);
  });

  it('needs no code for a contact already verified, but still the consent', () => {
    expect(canSubmitVerification({ code: '', hasConsent: true, isBusy: false, isVerified: true })).toBe(true);
    expect(canSubmitVerification({ code: '', hasConsent: false, isBusy: false, isVerified: true })).toBe(false);
  });
});
