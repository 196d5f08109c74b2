import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * The shared pieces' texts: the dropdown and the 404 page. The footer keeps its own catalogue: it
 * is on the first page, and a catalogue shared with lazy pages became a chunk the first page
 * fetched without preloading it (e2e/built-assets.spec.ts).
 */
export const en = {
  // Spec section 8: the dropdown's default texts.
  placeholder: 'Select...',
  noOptions: 'No options',
  loading: 'Loading...',

  // The 404 page.
  heading: 'ERROR!',
  pageNotFound: 'Page Not Found',
};

export const es: Translation<typeof en> = {
  placeholder: 'Seleccione...',
  noOptions: 'Sin opciones',
  loading: 'Cargando...',
  heading: '¡ERROR!',
  pageNotFound: 'Página no encontrada',
};
