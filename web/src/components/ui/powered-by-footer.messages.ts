import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  poweredBy: 'Powered by {product}',
  terms: 'Terms of Service',
  languageSwitch: 'Language',
};

export const es: Translation<typeof en> = {
  poweredBy: 'Con la tecnología de {product}',
  terms: 'Términos del servicio',
  languageSwitch: 'Idioma',
};
