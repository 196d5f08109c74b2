import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * The patient's e-mail when Open Dental had already given the new time of their move to someone
 * else (ADR 0036): the booking went back to its old time, or the office will call. No reason for
 * the visit or other clinical detail, only the time, the reference and the office's phone.
 */
export const en = {
  greeting: 'Hello {name},',
  subjectMovedBack: 'Your appointment at {practice} stays at {when}',
  movedBack:
    'We could not move your appointment to {wanted}: the office had already given that time to someone else. Your ' +
    'appointment stays at its previous time.',
  subjectCall: 'About your appointment at {practice}: the office will call you',
  call:
    'We could not move your appointment to {wanted}: the office had already given that time to someone else, ' +
    'and your previous time is no longer free. The office will call you to agree a new time.',
  when: 'When: {when}',
  reference: 'Reference: {reference}',
  callOffice: 'If you have questions, please call the office at {phone}.',
  callOfficeNoPhone: 'If you have questions, please contact the office.',
  calendarUpdates: 'The attached calendar file puts the event back at this time in your calendar.',
  sorry: 'We apologize for the inconvenience.',
};

export const es: Translation<typeof en> = {
  greeting: 'Hola, {name}:',
  subjectMovedBack: 'Su cita en {practice} se mantiene: {when}',
  movedBack:
    'No pudimos cambiar su cita a {wanted}: el consultorio ya había dado ese horario a otra persona. Su cita se ' +
    'mantiene en su horario anterior.',
  subjectCall: 'Sobre su cita en {practice}: el consultorio se comunicará con usted',
  call:
    'No pudimos cambiar su cita a {wanted}: el consultorio ya había dado ese horario a otra persona y su ' +
    'horario anterior ya no está disponible. El consultorio se comunicará con usted para acordar un nuevo horario.',
  when: 'Cuándo: {when}',
  reference: 'Referencia: {reference}',
  callOffice: 'Si tiene preguntas, llame al consultorio al {phone}.',
  callOfficeNoPhone: 'Si tiene preguntas, comuníquese con el consultorio.',
  calendarUpdates: 'El archivo de calendario adjunto vuelve a poner el evento en este horario en su calendario.',
  sorry: 'Le pedimos disculpas por las molestias.',
};
