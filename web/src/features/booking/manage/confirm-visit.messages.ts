import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The manage page's confirmation (ADR 0037): the reminder e-mail's Confirm button opens the page here. */
export const en = {
  question: 'Will you come? Let the office know, so they can keep your time for you.',
  confirmButton: 'Confirm appointment',
  confirming: 'Confirming…',
  confirmed: 'Thank you. Your appointment is confirmed.',
};

export const es: Translation<typeof en> = {
  question: '¿Vendrá a su cita? Avise al consultorio para que le reserve el horario.',
  confirmButton: 'Confirmar cita',
  confirming: 'Confirmando…',
  confirmed: 'Gracias. Su cita está confirmada.',
};
