import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Spec section 8: the dropdown's default texts. */
export const en = {
  placeholder: 'Select...',
  noOptions: 'No options',
  loading: 'Loading...',
};

export const es: Translation<typeof en> = {
  placeholder: 'Seleccione...',
  noOptions: 'Sin opciones',
  loading: 'Cargando...',
};
