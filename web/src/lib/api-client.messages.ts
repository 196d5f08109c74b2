import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  unknownError: 'Unknown error',
};

export const es: Translation<typeof en> = {
  unknownError: 'Error desconocido',
};
