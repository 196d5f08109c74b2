import MessageFormat from '@messageformat/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#domain/i18n/languages.ts';
import type { CatalogueModule, MessageParams, Messages } from '#domain/i18n/message-catalog.ts';

/** A text that is written once the reader's language is known (an error's message, a field's). */
export type Localized = (language: Language) => string;

export type Translator<English extends Messages> = {
  (language: Language, key: keyof English & string, params?: MessageParams): string;
  /** The same text, deferred until the language is known. */
  localized(key: keyof English & string, params?: MessageParams): Localized;
  /** True when `key` is one of the catalogue's keys (for texts that may be keys, such as zod messages). */
  has(key: string): key is keyof English & string;
};

type Compiled = (params?: MessageParams) => string;

const formatters = new Map<Language, MessageFormat>();
function formatterFor(language: Language): MessageFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new MessageFormat(language);
    formatters.set(language, formatter);
  }
  return formatter;
}

/**
 * The server's side of ADR 0034: `const t = translator(messages)` where `import * as messages
 * from './x.messages.ts'`, then `t('es', 'key', { name })`. The server reads catalogues as data
 * and compiles each message the first time it is used; a language's missing message falls back
 * to the English one.
 */
export function translator<English extends Messages>(catalogue: CatalogueModule<English>): Translator<English> {
  const sources = catalogue as unknown as Record<Language, Messages | undefined>;
  const compiled = new Map<string, Compiled>();
  const compile = (language: Language, key: string): Compiled => {
    const cacheKey = `${language}\u0000${key}`;
    let fn = compiled.get(cacheKey);
    if (!fn) {
      const source = sources[language]?.[key] ?? sources[DEFAULT_LANGUAGE]?.[key];
      if (source === undefined) throw new Error(`No message "${key}" in this catalogue.`);
      fn = formatterFor(language).compile(source) as Compiled;
      compiled.set(cacheKey, fn);
    }
    return fn;
  };
  const translate = ((language, key, params) =>
    compile(LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE, key)(params)) as Translator<English>;
  translate.localized = (key, params) => (language) => translate(language, key, params);
  translate.has = (key): key is keyof English & string => Object.hasOwn(catalogue.en, key);
  return translate;
}

/** The English of a text, for `Error.message` and logs. */
export const inEnglish = (text: Localized): string => text(DEFAULT_LANGUAGE);
