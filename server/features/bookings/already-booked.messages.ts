import type { Translation } from '#domain/i18n/message-catalog.ts';

/** One person asking for a second chair at a time they already hold (ADR 0062). */
export const en = {
  refusal: 'You already have an appointment at this time. We sent its details again to the contact on file.',
  subject: 'Your appointment at {practice}',
  greeting: 'Hello {name},',
  body: 'Someone tried to book another appointment for you at the same time as the one you already have.',
  manageLink: 'To see, change or cancel your appointment: {url}',
  text: '{practice}: you already have an appointment at that time. See or change it: {url}',
};

export const es: Translation<typeof en> = {
  refusal: 'Ya tiene una cita a esta hora. Enviamos de nuevo sus datos al contacto que tenemos registrado.',
  subject: 'Su cita en {practice}',
  greeting: 'Hola, {name}:',
  body: 'Alguien intentó reservarle otra cita a la misma hora de la que ya tiene.',
  manageLink: 'Para ver, cambiar o cancelar su cita: {url}',
  text: '{practice}: ya tiene una cita a esa hora. Vea o cambie su cita: {url}',
};
