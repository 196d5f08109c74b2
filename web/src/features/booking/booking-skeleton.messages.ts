import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  loadingForm: 'Loading the booking form',
  loadingFormNow: 'Loading the booking form…',
};

export const es: Translation<typeof en> = {
  loadingForm: 'Cargando el formulario de reserva',
  loadingFormNow: 'Cargando el formulario de reserva…',
};
