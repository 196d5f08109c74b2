import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The payment API's refusals, as the patient reads them (ADR 0034). */
export const en = {
  checkoutLine: '{reason} at {practice}',
  notFound: 'We could not find this payment. Please call the office if you need help.',
  released: 'The time we held for you has been released. Please choose a time again.',
  notStarted: 'The payment could not be started. Please try again in a moment.',
  changedElsewhere: 'This payment was changed in another window. Please reload the page.',
  notPaidOnline: 'This reason for visit is not paid online; book it without payment.',
  notPaidOnlineField: 'no payment for this reason',
  takenBeforePayment: 'The time slot was taken before the payment arrived; the payment is being refunded.',
  takenBeforePaymentField: 'payment refunded',
  notComplete: 'This payment is not complete.',
  notCompleteField: 'payment not completed',
};

export const es: Translation<typeof en> = {
  checkoutLine: '{reason} en {practice}',
  notFound: 'No encontramos este pago. Si necesita ayuda, llame al consultorio.',
  released: 'Se liberó el horario que le reservamos. Elija una hora de nuevo.',
  notStarted: 'No se pudo iniciar el pago. Vuelva a intentarlo en un momento.',
  changedElsewhere: 'Este pago se cambió en otra ventana. Vuelva a cargar la página.',
  notPaidOnline: 'Este motivo de la visita no se paga en línea; reserve sin pago.',
  notPaidOnlineField: 'sin pago para este motivo',
  takenBeforePayment: 'Otra persona reservó el horario antes de que llegara el pago; le estamos reembolsando el pago.',
  takenBeforePaymentField: 'pago reembolsado',
  notComplete: 'Este pago no está completo.',
  notCompleteField: 'pago no completado',
};
