import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The review invitation by e-mail and by text, in the language the patient booked in (ADR 0034). */
export const en = {
  subject: 'How was your visit to {practice}?',
  greeting: 'Hello {name},',
  thanks: 'Thank you for choosing {practice}. We would love to hear how your visit went.',
  thanksFor: 'Thank you for choosing {practice} for {patient}. We would love to hear how the visit went.',
  share: 'Share your experience: {url}',
  privately: 'If something was not right, you can also tell the practice privately on the same page.',
  sentBy: 'Sent by {product} on behalf of {practice}.',
  text: '{practice}: thank you for your visit! Tell us how it went: {url}',
};

export const es: Translation<typeof en> = {
  subject: '¿Cómo fue su visita a {practice}?',
  greeting: 'Hola, {name}:',
  thanks: 'Gracias por elegir {practice}. Nos encantaría saber cómo fue su visita.',
  thanksFor: 'Gracias por elegir {practice} para {patient}. Nos encantaría saber cómo fue la visita.',
  share: 'Comparta su experiencia: {url}',
  privately: 'Si algo no estuvo bien, también puede decírselo al consultorio en privado en la misma página.',
  sentBy: 'Enviado por {product} en nombre de {practice}.',
  // In GSM-7 (é and ¡ are in it, á, í, ó, ú are not), so a long name and link still fit two segments.
  text: '{practice}: ¡gracias por su visita! Cuéntenos qué tal: {url}',
};
