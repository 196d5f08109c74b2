import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  heading: 'ERROR!',
  pageNotFound: 'Page Not Found',
};

export const es: Translation<typeof en> = {
  heading: '¡ERROR!',
  pageNotFound: 'Página no encontrada',
};
