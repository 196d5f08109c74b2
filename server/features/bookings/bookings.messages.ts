import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The booking API's refusals, as the patient reads them (ADR 0034). */
export const en = {
  booked: 'Appointment Booked',
  requestReceived: 'Appointment request received. The office will call you to schedule a time.',
  slotTaken: 'Sorry, this slot was just taken. Please choose another time.',
  requestNotProcessed: 'The request could not be processed.',
  paidNeedsSlot: 'A paid appointment needs a slot. Please choose a time.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different booking.',
  idempotencyKeyReusedField: 'already used for a different request',
  idempotencyKeyFormat: 'Idempotency-Key must be 8 to 200 letters, digits, dashes or underscores.',
  paidOnline: 'This reason for visit is paid online: please continue to payment.',
  paidOnlineField: 'requires payment',
  appointmentNotFound: 'This appointment could not be found.',
  cannotMove:
    'This appointment is {status, select, pending_payment {pending payment} no_show {no show} other {{status}}} ' +
    'and cannot be moved.',
  cannotBecome:
    'This appointment is {status, select, pending_payment {pending payment} no_show {no show} other {{status}}} ' +
    'and cannot become {target, select, pending_payment {pending payment} no_show {no show} other {{target}}}.',
};

export const es: Translation<typeof en> = {
  booked: 'Cita reservada',
  requestReceived: 'Recibimos su solicitud de cita. El consultorio se comunicará con usted para acordar un horario.',
  slotTaken: 'Lo sentimos, alguien acaba de reservar este horario. Elija otro horario.',
  requestNotProcessed: 'No se pudo procesar la solicitud.',
  paidNeedsSlot: 'Una cita pagada necesita un horario. Elija una hora.',
  idempotencyKeyReused: 'Esta Idempotency-Key ya se usó para otra reserva.',
  idempotencyKeyReusedField: 'ya se usó para otra solicitud',
  idempotencyKeyFormat: 'Idempotency-Key debe tener de 8 a 200 letras, dígitos, guiones o guiones bajos.',
  paidOnline: 'Este motivo de la visita se paga en línea: continúe al pago.',
  paidOnlineField: 'requiere pago',
  appointmentNotFound: 'No se encontró esta cita.',
  cannotMove:
    'Esta cita está {status, select, requested {solicitada} pending_payment {pendiente de pago} booked {reservada} ' +
    'confirmed {confirmada} arrived {con llegada registrada} no_show {sin asistencia} cancelled {cancelada} ' +
    'expired {vencida} refunded {reembolsada} other {{status}}} y no se puede mover.',
  cannotBecome:
    'Esta cita está {status, select, requested {solicitada} pending_payment {pendiente de pago} booked {reservada} ' +
    'confirmed {confirmada} arrived {con llegada registrada} no_show {sin asistencia} cancelled {cancelada} ' +
    'expired {vencida} refunded {reembolsada} other {{status}}} y no puede pasar a {target, select, requested ' +
    '{solicitada} pending_payment {pendiente de pago} booked {reservada} confirmed {confirmada} arrived {con ' +
    'llegada registrada} no_show {sin asistencia} cancelled {cancelada} expired {vencida} refunded {reembolsada} ' +
    'other {{target}}}.',
};
