import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The payment-return pages (spec section 2, and what the spec leaves to us: ADR 0024). */
export const en = {
  successTitle: 'Payment Successful',
  successMessage: 'Your payment was successful and your appointment is confirmed.',
  failedTitle: 'Payment Failed',
  failedMessage: 'Your appointment is booked but the payment is not completed.',
  statusTitle: 'Payment status',
  checking: 'Checking your payment…',
  unknown: 'We could not check the status of this payment.',
  backToForm: 'Back to the booking form',
  retry: 'Try the payment again',
  payLater: 'You can pay now, or at your visit.',
  released:
    'Your appointment is not booked: the payment was not completed and the time we held for you has been released.',
  chooseAgain: 'Please choose a time again.',
  /** `until` is "03:41 PM EST", already formatted. */
  held:
    'Your time is still held for you until {until} ({minutesLeft, plural, one {about a minute} other ' +
    '{about # minutes}}). The payment is not completed yet.',
  /** Followed by the practice's phone number as a link, then a full stop. */
  callPractice: 'Questions? Call {practiceName} at',
  appointment: 'Appointment: ',
  dateAndTime: 'Date and time',
  provider: 'Provider',
  address: 'Address',
  reason: 'Reason',
  amountPaid: 'Amount paid',
  reference: 'Reference',
  returning: 'Returning to the booking form in {seconds, plural, other {# seconds}}.',
  stay: 'Stay on this page',
};

export const es: Translation<typeof en> = {
  successTitle: 'Pago realizado',
  successMessage: 'Su pago se realizó con éxito y su cita está confirmada.',
  failedTitle: 'Pago no completado',
  failedMessage: 'Su cita está reservada, pero el pago no se completó.',
  statusTitle: 'Estado del pago',
  checking: 'Verificando su pago…',
  unknown: 'No pudimos verificar el estado de este pago.',
  backToForm: 'Volver al formulario de reserva',
  retry: 'Intentar el pago de nuevo',
  payLater: 'Puede pagar ahora o el día de su visita.',
  released: 'Su cita no quedó reservada: el pago no se completó y se liberó el horario que le guardamos.',
  chooseAgain: 'Elija un horario de nuevo.',
  held:
    'Le seguimos guardando su horario hasta las {until} ({minutesLeft, plural, one {aproximadamente un ' +
    'minuto} other {aproximadamente # minutos}}). El pago aún no se ha completado.',
  callPractice: '¿Preguntas? Llame a {practiceName} al',
  appointment: 'Cita: ',
  dateAndTime: 'Fecha y hora',
  provider: 'Profesional',
  address: 'Dirección',
  reason: 'Motivo',
  amountPaid: 'Monto pagado',
  reference: 'Referencia',
  returning: 'Volverá al formulario de reserva en {seconds, plural, one {# segundo} other {# segundos}}.',
  stay: 'Quedarme en esta página',
};
