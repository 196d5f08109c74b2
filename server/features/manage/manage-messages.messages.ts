import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The patient's e-mails after a change made from the manage page (ADR 0036). */
export const en = {
  greeting: 'Hello {name},',
  subjectMoved: 'Your appointment at {practice} was moved: {when}',
  moved: 'Your appointment was moved to a new time.',
  previousTime: 'Previous time: {when}',
  paymentKept: 'Your payment stays with the appointment.',
  calendarUpdates: 'The attached calendar file moves the event in your calendar.',
  subjectCancelled: 'Your appointment at {practice} is cancelled',
  cancelled: 'Your appointment is cancelled.',
  refunded: 'Your deposit of {amount} will be refunded to the card you paid with.',
  depositKept:
    'The deposit of {amount} is kept, because the appointment was cancelled less than {hours} hours before it.',
  calendarRemoves: 'The attached calendar file removes the event from your calendar.',
  bookAgain: 'To book a new appointment: {url}',
  managePage: 'Your appointment: {url}',
  manageLink: 'To see, change or cancel your appointment: {url}',
  bookedVia: 'Booked online via {product}',
  bookedByOffice: 'Booked by the office via {product}',
};

export const es: Translation<typeof en> = {
  greeting: 'Hola, {name}:',
  subjectMoved: 'Su cita en {practice} se cambió: {when}',
  moved: 'Su cita se cambió a un nuevo horario.',
  previousTime: 'Horario anterior: {when}',
  paymentKept: 'Su pago sigue aplicado a la cita.',
  calendarUpdates: 'El archivo de calendario adjunto cambia el evento en su calendario.',
  subjectCancelled: 'Su cita en {practice} está cancelada',
  cancelled: 'Su cita está cancelada.',
  refunded: 'Le reembolsaremos el depósito de {amount} a la tarjeta con la que pagó.',
  depositKept:
    'El depósito de {amount} no se reembolsa, porque la cita se canceló con menos de {hours} horas de anticipación.',
  calendarRemoves: 'El archivo de calendario adjunto elimina el evento de su calendario.',
  bookAgain: 'Para reservar una cita nueva: {url}',
  managePage: 'Su cita: {url}',
  manageLink: 'Para ver, cambiar o cancelar su cita: {url}',
  bookedVia: 'Reservado en línea con {product}',
  bookedByOffice: 'Reservado por el consultorio con {product}',
};
