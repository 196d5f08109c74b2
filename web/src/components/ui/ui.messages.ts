import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The shared pieces' texts: the dropdown, the footer and the 404 page. */
export const en = {
  // Spec section 8: the dropdown's default texts.
  placeholder: 'Select...',
  noOptions: 'No options',
  loading: 'Loading...',

  // The footer under every patient page.
  poweredBy: 'Powered by {product}',
  terms: 'Terms of Service',
  languageSwitch: 'Language',

  // The 404 page.
  heading: 'ERROR!',
  pageNotFound: 'Page Not Found',
};

export const es: Translation<typeof en> = {
  placeholder: 'Seleccione...',
  noOptions: 'Sin opciones',
  loading: 'Cargando...',
  poweredBy: 'Con la tecnología de {product}',
  terms: 'Términos del servicio',
  languageSwitch: 'Idioma',
  heading: '¡ERROR!',
  pageNotFound: 'Página no encontrada',
};
