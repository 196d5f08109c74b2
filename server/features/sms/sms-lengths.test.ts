import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#domain/i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { smsSegments } from '../../i18n/sms-segments.ts';
import { createLinkToken } from '../booking-links/link-tokens.ts';
import { reviewInvitationText } from '../reviews/review-messages.ts';
import * as verification from '../verification/verification.messages.ts';

/**
 * Every text message a patient receives, in every language, with long but realistic values: one
 * or two segments at most (ADR 0034). Spanish with á, í, ó or ú is UCS-2: 70 characters a
 * segment, 67 a part.
 */
const LONG_NAME = 'Bright Smiles Family & Cosmetic Dentistry';
// A name with á, í, ó or ú makes any text UCS-2: the review link (66 characters) leaves room for a shorter one.
const ACCENTED_NAME = 'Dental Sonrisas del Río';
const reviewUrl = `https://book.chairtime.app/review/${createLinkToken().token}`;

const texts = LANGUAGES.flatMap((language) =>
  // The English wording is the spec's; with an accented name its review text takes three segments.
  (language === 'en' ? [LONG_NAME] : [LONG_NAME, ACCENTED_NAME]).flatMap((practice) => [
    {
      name: `${language} review invitation for ${practice}`,
      text: reviewInvitationText(language, practice, reviewUrl),
    },
    {
      name: `${language} verification code for ${practice}`,
      text: translator(verification)(language, 'codeText', { practice, code: '123456', minutes: 10 }),
    },
  ]),
);

describe('patient text messages', () => {
  // A review invitation ends with the opt-out line (ADR 0062): with an accented practice name the
  // whole text is UCS-2, and the line then takes it to a third segment.
  it.each(texts)('$name fits two segments, three for an invitation in UCS-2', ({ name, text }) => {
    const { segments, encoding } = smsSegments(text);
    expect(segments).toBeLessThanOrEqual(name.includes('invitation') && encoding === 'UCS-2' ? 3 : 2);
  });

  it('keeps the Spanish review invitation in GSM-7 when the practice name is', () => {
    expect(smsSegments(reviewInvitationText('es', LONG_NAME, reviewUrl)).encoding).toBe('GSM-7');
  });
});

describe('the opt-out line of program texts (ADR 0062)', () => {
  it.each([
    ['en', 'Reply STOP to opt out'],
    ['es', 'Responda STOP para no recibir mensajes'],
  ] as const)('ends the %s review invitation, in GSM-7', (language, line) => {
    const text = reviewInvitationText(language, LONG_NAME, reviewUrl);
    expect(text.endsWith(`\n${line}`)).toBe(true);
    expect(smsSegments(line).encoding).toBe('GSM-7');
  });
});
