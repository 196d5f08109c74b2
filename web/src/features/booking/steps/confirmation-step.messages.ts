import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Page 7 (spec section 2): the confirmation. */
export const en = {
  heading: 'Appointment Booked',
  requestHeading: 'Appointment Request Received',
  requestReceived: 'We received your appointment request. The office will call you to schedule a time.',
  noSlotNote: 'The office will call you to arrange a time.',
  dateAndTime: 'Date and time',
  // "Monday, March 4, 09:30 AM CST": the day and time arrive formatted; the zone may be empty.
  dateAndTimeValue: '{day}, {time}{zone}',
  reason: 'Reason',
  provider: 'Provider',
  firstAvailable: 'First Available',
  patient: 'Patient',
  phone: 'Phone',
  email: 'Email',
  reference: 'Reference',
  redirecting: '{seconds, plural, one {Redirecting in # seconds} other {Redirecting in # seconds}}',
};

export const es: Translation<typeof en> = {
  heading: 'Cita reservada',
  requestHeading: 'Solicitud de cita recibida',
  requestReceived: 'Recibimos su solicitud de cita. El consultorio se comunicará con usted para acordar un horario.',
  noSlotNote: 'El consultorio le llamará para acordar un horario.',
  dateAndTime: 'Fecha y hora',
  dateAndTimeValue: '{day}, {time}{zone}',
  reason: 'Motivo',
  provider: 'Profesional',
  firstAvailable: 'Primero disponible',
  patient: 'Paciente',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  reference: 'Referencia',
  redirecting: '{seconds, plural, one {Redirigiendo en # segundo} other {Redirigiendo en # segundos}}',
};
