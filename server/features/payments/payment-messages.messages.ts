import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The patient's e-mails about a payment that books nothing (ADR 0034). */
export const en = {
  greeting: 'Hello {name},',
  yourVisit: 'your appointment',
  visitFor: 'the appointment for {patient}',
  noTime: 'no time chosen',
  refundSubject: 'Your payment to {practice} is being refunded',
  refundReplaced:
    'Your payment of {amount} for {visit} on {when} was for an earlier choice that you changed before paying, so ' +
    'it does not book anything.',
  refundSlotLost:
    'Your payment of {amount} for {visit} on {when} arrived after the time we held for you had run out, and the ' +
    'slot was booked by someone else meanwhile.',
  refundReplacedNext: 'We are refunding this payment in full. Your later booking is not affected.',
  refundSlotLostNext: 'We are refunding your payment in full. Please book another time or call the office.',
  lostSubject: 'Your appointment at {practice} is not booked',
  lostSubjectFor: 'The appointment for {patient} at {practice} is not booked',
  lost:
    'The online payment for {visit} on {when} was not completed, and the time we held for you ran out and was ' +
    'booked by someone else meanwhile.',
  lostNext: 'You have not been charged. Please book another time or call the office.',
};

export const es: Translation<typeof en> = {
  greeting: 'Hola, {name}:',
  yourVisit: 'su cita',
  visitFor: 'la cita de {patient}',
  noTime: 'sin horario elegido',
  refundSubject: 'Le estamos reembolsando su pago a {practice}',
  refundReplaced:
    'Su pago de {amount} por {visit} del {when} correspondía a una elección anterior que usted cambió antes de ' +
    'pagar, así que no reserva nada.',
  refundSlotLost:
    'Su pago de {amount} por {visit} del {when} llegó después de que venciera el tiempo que le reservamos, y ' +
    'mientras tanto otra persona reservó ese horario.',
  refundReplacedNext: 'Le reembolsaremos este pago por completo. Su reserva posterior no se ve afectada.',
  refundSlotLostNext: 'Le reembolsaremos su pago por completo. Reserve otro horario o llame al consultorio.',
  lostSubject: 'Su cita en {practice} no quedó reservada',
  lostSubjectFor: 'La cita de {patient} en {practice} no quedó reservada',
  lost:
    'El pago en línea de {visit} del {when} no se completó, y el tiempo que le reservamos venció y otra ' +
    'persona reservó ese horario mientras tanto.',
  lostNext: 'No se le hizo ningún cargo. Reserve otro horario o llame al consultorio.',
};
