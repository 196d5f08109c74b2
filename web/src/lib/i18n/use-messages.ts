import { use, useCallback, useSyncExternalStore } from 'react';
import type { Language } from '#domain/i18n/languages.ts';
import type { CatalogueModule, Messages, MessageParams, Translate } from '#domain/i18n/message-catalog.ts';
import { translationOf, type CompiledMessages } from './catalogue-registry.ts';
import { currentLanguage, subscribeToLanguage } from './language-state.ts';

/**
 * The server renders in the request's language and the browser hydrates in the one it picks by the
 * same rule (ADR 0034), so both snapshots are the current language (ADR 0072).
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
}

/**
 * `const t = useMessages(catalogue)` where `import * as catalogue from './x.messages.ts'`.
 * TypeScript sees the catalogue's source (ICU strings, so keys are checked); the browser gets the
 * compiled functions the build put in their place (ADR 0034). Suspends only while a translation
 * the page has not fetched yet loads.
 */
export function useMessages<English extends Messages>(catalogue: CatalogueModule<English>): Translate<English> {
  const language = useLanguage();
  const en = compiledEnglish(catalogue);
  const found = translationOf(en, language);
  const messages = found instanceof Promise ? use(found as Promise<CompiledMessages>) : found;
  return useCallback((key, params) => format(messages, en, key, params), [messages, en]);
}

/**
 * For code outside components (toasts, thrown errors): the current language, English until its
 * messages have loaded.
 */
export function translate<English extends Messages>(
  catalogue: CatalogueModule<English>,
  key: keyof English & string,
  params?: MessageParams,
): string {
  const en = compiledEnglish(catalogue);
  const found = translationOf(en, currentLanguage());
  return format(found instanceof Promise ? en : found, en, key, params);
}

function compiledEnglish(catalogue: CatalogueModule<Messages>): CompiledMessages {
  return catalogue.en as unknown as CompiledMessages;
}

function format(messages: CompiledMessages, en: CompiledMessages, key: string, params?: MessageParams): string {
  const message = messages[key] ?? en[key];
  if (!message) throw new Error(`No message "${key}" in this catalogue.`);
  return message(params);
}
