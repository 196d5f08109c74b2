import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  loading: 'Loading',
};

export const es: Translation<typeof en> = {
  loading: 'Cargando',
};
