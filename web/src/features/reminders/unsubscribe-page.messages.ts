import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The unsubscribe page of reminder e-mails (ADR 0037). */
export const en = {
  pageName: 'Reminder e-mails',
  loading: 'Loading…',
  heading: 'Stop reminder e-mails?',
  explain:
    'Reminders of your appointments at {practice} go to {email}. You can stop them here. You still ' +
    'get a message when you book, change or cancel an appointment yourself.',
  stopping: 'Stopping…',
  stoppedHeading: 'Reminder e-mails stopped',
  stopped: 'You will no longer get reminder e-mails from {practice} at {email}.',
  callToUndo: 'Changed your mind? Tell the office when you next book or call.',
};

export const es: Translation<typeof en> = {
  pageName: 'Recordatorios por correo electrónico',
  loading: 'Cargando…',
  heading: '¿Dejar de recibir recordatorios por correo electrónico?',
  explain:
    'Los recordatorios de sus citas en {practice} se envían a {email}. Puede dejar de recibirlos ' +
    'aquí. Seguirá recibiendo un mensaje cuando usted reserve, cambie o cancele una cita.',
  stopping: 'Procesando…',
  stoppedHeading: 'Ya no recibirá recordatorios por correo electrónico',
  stopped: 'Ya no recibirá recordatorios por correo electrónico de {practice} en {email}.',
  callToUndo: '¿Cambió de opinión? Dígaselo al consultorio cuando vuelva a reservar o llamar.',
};
