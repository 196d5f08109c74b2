import { LANGUAGES, type Language } from '../i18n/languages.ts';

/**
 * A practice's own texts in other languages (ADR 0034). The practice file writes the English
 * beside its owner and a `translations: { "es": { … } }` block next to it; a third language is
 * another key. Only the fields listed here may be translated: the rest (addresses, insurers'
 * names, the practice's name) read the same in every language.
 */

/** The languages a translation can be given in: every language but English, which the file's texts are written in. */
export type TranslationLanguage = Exclude<Language, 'en'>;
export const TRANSLATION_LANGUAGES: readonly TranslationLanguage[] = LANGUAGES.filter(
  (language): language is TranslationLanguage => language !== 'en',
);

/** The practice's texts patients read: its description, notes and insurance notices. */
export const PRACTICE_TEXT_FIELDS = [
  'description',
  'info_for_patient',
  'info_for_paid_patient',
  'no_insurance_message',
  'out_of_network_insurance_message',
  'other_insurance_message',
] as const;
export const CLINIC_TEXT_FIELDS = ['display_name', 'display_location'] as const;
export const REASON_TEXT_FIELDS = ['name'] as const;

export type PracticeTextField = (typeof PRACTICE_TEXT_FIELDS)[number];
export type ClinicTextField = (typeof CLINIC_TEXT_FIELDS)[number];
export type ReasonTextField = (typeof REASON_TEXT_FIELDS)[number];

/** Per language, the fields given in it; any field or language may be missing. */
export type Translations<Field extends string> = { [L in TranslationLanguage]?: { [F in Field]?: string } };

/**
 * The owner's texts to show in `language`: each field's translation where one is given, its English
 * otherwise (also for English itself). Returns a copy with only those fields replaced.
 */
export function localiseTexts<Field extends string, Owner extends { [F in Field]: string | null }>(
  owner: Owner,
  fields: readonly Field[],
  translations: Translations<Field> | null | undefined,
  language: Language,
): Owner {
  const given = language === 'en' ? undefined : translations?.[language];
  if (!given) return { ...owner };
  const localised = { ...owner };
  for (const field of fields) {
    const text = given[field];
    if (typeof text === 'string' && text.trim() !== '') (localised as Record<Field, string | null>)[field] = text;
  }
  return localised;
}

/** A reason's name in `language` (patients' messages name the reason; the practice's stay English). */
export function reasonNameIn(
  reason: { name: string; translations?: Translations<ReasonTextField> | null },
  language: Language,
): string {
  return localiseTexts(reason, REASON_TEXT_FIELDS, reason.translations, language).name;
}
