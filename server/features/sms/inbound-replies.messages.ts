import type { Translation } from '#domain/i18n/message-catalog.ts';

/** What we text back to a patient's reply (ADR 0037), in their language; Twilio answers its own keywords. */
export const en = {
  confirmed: 'Thank you! Your appointment at {practice} on {when} is confirmed.',
  alreadyConfirmed: 'Your appointment at {practice} on {when} is already confirmed. Thank you!',
  nothingToConfirm:
    '{practice}: we found no appointment waiting for confirmation from this number. Questions? Call {phone}.',
  optedOut: 'You will no longer get text messages from {practice}. Reply COMENZAR or START to get them again.',
  optedIn: 'You will get text messages from {practice} again. Reply STOP to stop them.',
  help: '{practice}: appointment reminders and confirmations. Questions? Call {phone}. Reply STOP to stop texts.',
  other: '{practice} got your message. For anything urgent, please call {phone}.',
  theOffice: 'the office',
  unknownPractice: 'We could not tell which dental office this is for. Please call your dental office.',
};

export const es: Translation<typeof en> = {
  confirmed: '¡Gracias! Su cita en {practice} el {when} está confirmada.',
  alreadyConfirmed: 'Su cita en {practice} el {when} ya está confirmada. ¡Gracias!',
  nothingToConfirm:
    '{practice}: no encontramos ninguna cita pendiente de confirmar desde este número. ¿Preguntas? Llame al {phone}.',
  optedOut: 'Ya no recibirá mensajes de texto de {practice}. Responda COMENZAR para volver a recibirlos.',
  optedIn: 'Volverá a recibir mensajes de texto de {practice}. Responda PARAR para dejar de recibirlos.',
  help:
    '{practice}: recordatorios y confirmaciones de citas. ¿Preguntas? Llame al {phone}. Responda PARAR para no ' +
    'recibir más mensajes.',
  other: '{practice} recibió su mensaje. Si es urgente, llame al {phone}.',
  theOffice: 'consultorio',
  unknownPractice: 'No pudimos saber a qué consultorio dental corresponde este mensaje. Llame a su consultorio dental.',
};
