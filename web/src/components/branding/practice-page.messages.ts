import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  loadingPage: 'Loading your page',
};

export const es: Translation<typeof en> = {
  loadingPage: 'Cargando su página',
};
