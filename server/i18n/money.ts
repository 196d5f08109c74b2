import { INTL_LOCALE, type Language } from '#domain/i18n/languages.ts';

/** Cents as dollars in the reader's locale: "$1,234.50" (en-US and es-US alike). */
export function formatDollars(cents: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'currency', currency: 'USD' }).format(cents / 100);
}
