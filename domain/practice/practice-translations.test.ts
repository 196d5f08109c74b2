import { describe, expect, it } from 'vitest';
import {
  CLINIC_TEXT_FIELDS,
  localiseTexts,
  PRACTICE_TEXT_FIELDS,
  reasonNameIn,
  TRANSLATION_LANGUAGES,
} from './practice-translations.ts';

const practice = {
  id: 'p1',
  description: 'Family dentistry.',
  info_for_patient: 'Please arrive 10 minutes early.',
  info_for_paid_patient: null,
  no_insurance_message: 'Ask about our savings plan.',
  out_of_network_insurance_message: null,
  other_insurance_message: null,
};

describe('localiseTexts', () => {
  it('shows each translated field in the language and the English where a translation is missing', () => {
    const shown = localiseTexts(practice, PRACTICE_TEXT_FIELDS, { es: { description: 'Odontología familiar.' } }, 'es');
    expect(shown).toEqual({ ...practice, description: 'Odontología familiar.' });
  });

  it('shows the English in English, whatever the translations say', () => {
    expect(
      localiseTexts(practice, PRACTICE_TEXT_FIELDS, { es: { description: 'Odontología familiar.' } }, 'en'),
    ).toEqual(practice);
  });

  it('shows the English when the owner has no translations at all', () => {
    expect(localiseTexts(practice, PRACTICE_TEXT_FIELDS, undefined, 'es')).toEqual(practice);
    expect(localiseTexts(practice, PRACTICE_TEXT_FIELDS, null, 'es')).toEqual(practice);
    expect(localiseTexts(practice, PRACTICE_TEXT_FIELDS, {}, 'es')).toEqual(practice);
  });

  it('touches only the listed fields and never mutates its input', () => {
    const clinic = { id: 'c1', display_name: 'Downtown', display_location: 'Austin', pms_abbr: 'DT' };
    const translations = { es: { display_name: 'Centro', pms_abbr: 'CT' } } as never;
    const shown = localiseTexts(clinic, CLINIC_TEXT_FIELDS, translations, 'es');
    expect(shown).toEqual({ id: 'c1', display_name: 'Centro', display_location: 'Austin', pms_abbr: 'DT' });
    expect(clinic.display_name).toBe('Downtown');
  });

  it('ignores a blank translation', () => {
    expect(localiseTexts(practice, PRACTICE_TEXT_FIELDS, { es: { description: '  ' } }, 'es').description).toBe(
      'Family dentistry.',
    );
  });
});

describe('reasonNameIn', () => {
  const reason = { name: 'New Patient Exam', translations: { es: { name: 'Examen para paciente nuevo' } } };

  it('gives the reason name in the patient language, and English otherwise', () => {
    expect(reasonNameIn(reason, 'es')).toBe('Examen para paciente nuevo');
    expect(reasonNameIn(reason, 'en')).toBe('New Patient Exam');
    expect(reasonNameIn({ name: 'Cleaning' }, 'es')).toBe('Cleaning');
  });
});

describe('TRANSLATION_LANGUAGES', () => {
  it('lists every patient language but English', () => {
    expect(TRANSLATION_LANGUAGES).toEqual(['es']);
  });
});
