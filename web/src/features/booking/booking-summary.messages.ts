import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The side panel's summary (spec section 2). */
export const en = {
  heading: 'Your appointment',
  reason: 'Reason',
  provider: 'Provider',
  slot: 'Appointment Slot',
  firstAvailable: 'First Available',
  dateAndTime: '{day}, {time}',
};

export const es: Translation<typeof en> = {
  heading: 'Su cita',
  reason: 'Motivo',
  provider: 'Profesional',
  slot: 'Horario de la cita',
  firstAvailable: 'Primero disponible',
  dateAndTime: '{day}, {time}',
};
