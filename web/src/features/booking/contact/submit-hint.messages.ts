import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Page 5: why the submit button is disabled, said beside it (ADR 0060). */
export const en = {
  consent: 'Please agree to receive texts and e-mails from {practice} to book',
  complete: 'To book, please complete: {fields}.',
  preparing: 'The form is getting ready; you can book in a moment.',
  locked: 'Please wait a moment before trying again.',
  sending: 'Sending your booking…',
};

export const es: Translation<typeof en> = {
  consent: 'Acepte recibir mensajes de texto y correos electrónicos de {practice} para reservar',
  complete: 'Para reservar, complete: {fields}.',
  preparing: 'El formulario se está preparando; podrá reservar en un momento.',
  locked: 'Espere un momento antes de volver a intentarlo.',
  sending: 'Enviando su reserva…',
};
