import { describe, expect, it } from 'vitest';
import { consentWords, NOT_ACCEPTING_MESSAGE, SLOT_REQUIRED_MESSAGE } from './booking-texts.ts';
import { en } from './booking-texts.messages.ts';
import { SLOT_UNAVAILABLE_MESSAGE } from './slot-refusal-messages.ts';

describe("the server's English and the page's catalogue (ADR 0034)", () => {
  it('say the same sentences', () => {
    expect(NOT_ACCEPTING_MESSAGE).toBe(en.notAccepting);
    expect(SLOT_REQUIRED_MESSAGE).toBe(en.slotRequired);
    expect(SLOT_UNAVAILABLE_MESSAGE).toBe(en.slotUnavailable);
    expect(consentWords('booking_form', 'Bright Smile')).toBe(
      en.consentBookingForm.replace('{practice}', 'Bright Smile'),
    );
    expect(consentWords('verification_step', 'Bright Smile')).toBe(
      en.consentVerificationStep.replace('{practice}', 'Bright Smile'),
    );
  });

  it('word the consent as the spec does (page 6 with a full stop, page 5 without)', () => {
    expect(consentWords('verification_step', 'Verify Dental Care')).toBe(
      'I agree to receive text and email from Verify Dental Care.',
    );
    expect(consentWords('booking_form', 'Verify Dental Care')).toBe(
      'I agree to receive text and email from Verify Dental Care',
    );
    expect(NOT_ACCEPTING_MESSAGE).toBe('This practice is currently not accepting any appointments.');
  });
});
