import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * A booking's reminders (ADR 0037): what a stranger reading the lock screen may see, no more: the
 * practice, where and when, the provider, the reason's name only where the practice allows it.
 */
export const en = {
  textReminder:
    '{practice}: reminder of your appointment {when} with {provider}, {where}. Questions: {phone}. See, change or ' +
    'cancel: {url}',
  textReminderNoPhone:
    '{practice}: reminder of your appointment {when} with {provider}, {where}. See, change or cancel: {url}',
  textConfirmPrompt: 'Reply C to confirm.',
  textConfirmed: 'You have confirmed. Thank you!',
  subject: 'Reminder: your appointment at {practice}, {when}',
  greeting: 'Hello {name},',
  intro: 'This is a reminder of your appointment.',
  confirmPrompt: 'Please confirm that you will come:',
  confirmButton: 'Confirm',
  alreadyConfirmed: 'You have confirmed this appointment. Thank you!',
  manageLink: 'To see, change or cancel your appointment: {url}',
  unsubscribe: 'To stop reminder e-mails from {practice}: {url}',
  firstAvailable: 'the first available provider',
};

export const es: Translation<typeof en> = {
  textReminder:
    '{practice}: le recordamos su cita el {when} con {provider}, {where}. Preguntas: {phone}. Ver, cambiar o ' +
    'cancelar: {url}',
  textReminderNoPhone:
    '{practice}: le recordamos su cita el {when} con {provider}, {where}. Ver, cambiar o cancelar: {url}',
  textConfirmPrompt: 'Responda C para confirmar.',
  textConfirmed: 'Usted ya confirmó. ¡Gracias!',
  subject: 'Recordatorio: su cita en {practice}, {when}',
  greeting: 'Hola, {name}:',
  intro: 'Le recordamos su cita.',
  confirmPrompt: 'Por favor, confirme que vendrá:',
  confirmButton: 'Confirmar',
  alreadyConfirmed: 'Usted confirmó esta cita. ¡Gracias!',
  manageLink: 'Para ver, cambiar o cancelar su cita: {url}',
  unsubscribe: 'Para dejar de recibir recordatorios por correo electrónico de {practice}: {url}',
  firstAvailable: 'el primer profesional disponible',
};
