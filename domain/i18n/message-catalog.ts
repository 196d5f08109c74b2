import type { Language } from './languages.ts';

/**
 * A catalogue (`*.messages.ts`, ADR 0034) is a pure data module beside the code that shows its
 * texts: `export const en = { key: 'ICU message' }` and one `export const <language>:
 * Translation<typeof en>` per other language. English is the source: a key missing from a
 * translation, or one the English lacks, fails the typecheck; `scripts/message-catalogs.test.ts`
 * checks placeholders, ICU syntax and unused keys.
 */
export type Messages = Readonly<Record<string, string>>;
export type Translation<English extends Messages> = { readonly [K in keyof English]: string };

/** What a catalogue module looks like to TypeScript (its source form). */
export type CatalogueModule<English extends Messages> = { readonly en: English } & {
  readonly [L in Exclude<Language, 'en'>]: Translation<English>;
};

/** Values a message may interpolate: text, or a number for `plural` and `#`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** `t('key', { name: 'Ana' })`: the one way code turns a key into text. */
export type Translate<English extends Messages> = (key: keyof English & string, params?: MessageParams) => string;
