import { addressLine } from '#domain/format/address-format.ts';
import type { Language } from '#domain/i18n/languages.ts';
import { localiseTexts, PRACTICE_TEXT_FIELDS } from '#domain/practice/practice-translations.ts';
import type { PracticeRow } from './practices-repository.ts';

/**
 * A practice's own texts in a patient's language, for the booking page and the patient's
 * messages (a booking stores its language). The practice's own notifications stay in English:
 * they use the rows as they are. A reason's name: `reasonNameIn` (domain/practice/practice-translations.ts).
 */

/** The practice with its patient-facing texts (description, notes, insurance notices) in `language`. */
export function practiceTextsIn(practice: PracticeRow, language: Language): PracticeRow {
  return localiseTexts(practice, PRACTICE_TEXT_FIELDS, practice.translations, language);
}

/** The practice's address in one line (its display address, else its street, else city, state and zip), or null. */
export function practiceAddress(practice: PracticeRow): string | null {
  return addressLine({
    display_address: practice.display_address,
    pms_address1: practice.address_line1,
    city: practice.city,
    state: practice.state,
    zip: practice.zipcode,
  });
}
