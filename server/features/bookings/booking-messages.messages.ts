import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The patient's booking confirmation e-mail and its calendar file (ADR 0034). */
export const en = {
  subjectBooked: 'Your appointment at {practice}: {when}',
  subjectBookedFor: 'Appointment for {patient} at {practice}: {when}',
  subjectRequested: 'We received your appointment request at {practice}',
  subjectRequestedFor: 'We received the appointment request for {patient} at {practice}',
  greeting: 'Hello {name},',
  booked: 'Your appointment is booked.',
  bookedFor: 'The appointment you booked for {patient} is booked.',
  requested: 'We received your appointment request. The office will call you to schedule a time.',
  requestedFor:
    'We received the appointment request you made for {patient}. The office will call you to schedule a time.',
  when: 'When: {when}',
  whenToAgree: 'When: the office will call you to agree a time',
  reference: 'Reference: {reference}',
  where: 'Where: {where}',
  phone: 'Phone: {phone}',
  reason: 'Reason: {reason}',
  provider: 'Provider: {provider}',
  firstAvailable: 'First Available',
  paid: 'Paid: {amount}',
  calendarAttached: 'A calendar file is attached. To change or cancel, please call the office.',
  calendarFileAttached: 'A calendar file is attached.',
  manageLink: 'To see, change or cancel your appointment: {url}',
  callSooner: 'If you need to reach the office sooner, please call.',
  bookedVia: 'Booked online via {product}',
  calendarSummary: '{reason} at {practice}',
};

export const es: Translation<typeof en> = {
  subjectBooked: 'Su cita en {practice}: {when}',
  subjectBookedFor: 'Cita para {patient} en {practice}: {when}',
  subjectRequested: 'Recibimos su solicitud de cita en {practice}',
  subjectRequestedFor: 'Recibimos la solicitud de cita para {patient} en {practice}',
  greeting: 'Hola, {name}:',
  booked: 'Su cita quedó reservada.',
  bookedFor: 'La cita que reservó para {patient} quedó reservada.',
  requested: 'Recibimos su solicitud de cita. El consultorio se comunicará con usted para acordar un horario.',
  requestedFor:
    'Recibimos la solicitud de cita que hizo para {patient}. El consultorio se comunicará con usted para acordar ' +
    'un horario.',
  when: 'Cuándo: {when}',
  whenToAgree: 'Cuándo: el consultorio se comunicará con usted para acordar un horario',
  reference: 'Referencia: {reference}',
  where: 'Dónde: {where}',
  phone: 'Teléfono: {phone}',
  reason: 'Motivo: {reason}',
  provider: 'Profesional: {provider}',
  firstAvailable: 'Primero disponible',
  paid: 'Pagado: {amount}',
  calendarAttached: 'Se adjunta un archivo de calendario. Para cambiar o cancelar su cita, llame al consultorio.',
  calendarFileAttached: 'Se adjunta un archivo de calendario.',
  manageLink: 'Para ver, cambiar o cancelar su cita: {url}',
  callSooner: 'Si necesita comunicarse antes con el consultorio, llame por teléfono.',
  bookedVia: 'Reservado en línea con {product}',
  calendarSummary: '{reason} en {practice}',
};
