import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  practiceInformation: 'Practice information',
  changeLocation: 'Change location',
};

export const es: Translation<typeof en> = {
  practiceInformation: 'Información del consultorio',
  changeLocation: 'Cambiar ubicación',
};
