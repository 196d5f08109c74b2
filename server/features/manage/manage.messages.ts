import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The manage API's refusals, as the patient reads them (ADR 0036). */
export const en = {
  notFound: 'This link does not open an appointment. Please check that the whole link was copied, or call the office.',
  rescheduleEnded:
    'This appointment was cancelled, so it cannot be moved. Please book a new appointment or call the office.',
  cancelEnded: 'This appointment is already cancelled.',
  past: 'This appointment has already taken place.',
  noTime: 'The office has not given this request a time yet, so there is nothing to move. The office will call you.',
  awaitingPayment: 'This appointment is waiting for its payment. Please complete the payment first.',
  rescheduleCutoff: 'It is too close to your appointment to change it online. Please call the office.',
  cancelCutoff: 'It is too close to your appointment to cancel it online. Please call the office.',
  maxReschedules:
    'This appointment was already moved as many times as the office allows online. Please call the office.',
  notOffered:
    'The office no longer books this kind of visit online, so it cannot be moved here. Please call the office.',
  nothingToPay: 'There is nothing to pay for this appointment online.',
  notConfirmable: 'This appointment cannot be confirmed: it is cancelled, past, or has no time yet.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different change.',
  idempotencyKeyReusedField: 'already used for a different request',
  idempotencyKeyFormat: 'Idempotency-Key must be 8 to 200 letters, digits, dashes or underscores.',
  alreadyAtThisTime: 'Your appointment is already at this time, so nothing changed.',
};

export const es: Translation<typeof en> = {
  notFound: 'Este enlace no abre ninguna cita. Compruebe que copió el enlace completo o llame al consultorio.',
  rescheduleEnded: 'Esta cita se canceló, así que no se puede cambiar. Reserve una cita nueva o llame al consultorio.',
  cancelEnded: 'Esta cita ya está cancelada.',
  past: 'Esta cita ya tuvo lugar.',
  noTime:
    'El consultorio todavía no asignó un horario a esta solicitud, así que no hay nada que cambiar. ' +
    'El consultorio ' +
    'se comunicará con usted.',
  awaitingPayment: 'Esta cita está esperando su pago. Complete el pago primero.',
  rescheduleCutoff: 'Su cita es muy pronto para cambiarla en línea. Llame al consultorio.',
  cancelCutoff: 'Su cita es muy pronto para cancelarla en línea. Llame al consultorio.',
  maxReschedules: 'Esta cita ya se cambió todas las veces que el consultorio permite en línea. Llame al consultorio.',
  notOffered:
    'El consultorio ya no reserva este tipo de visita en línea, así que no se puede cambiar aquí. Llame al ' +
    'consultorio.',
  nothingToPay: 'No hay nada que pagar en línea por esta cita.',
  notConfirmable: 'Esta cita no se puede confirmar: está cancelada, ya pasó o todavía no tiene horario.',
  idempotencyKeyReused: 'Esta Idempotency-Key ya se usó para otro cambio.',
  idempotencyKeyReusedField: 'ya se usó para otra solicitud',
  idempotencyKeyFormat: 'La Idempotency-Key debe tener de 8 a 200 letras, dígitos, guiones o guiones bajos.',
  alreadyAtThisTime: 'Su cita ya es a esta hora, así que no cambió nada.',
};
