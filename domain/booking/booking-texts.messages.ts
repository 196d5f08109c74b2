import type { Translation } from '../i18n/message-catalog.ts';

/**
 * Sentences the patient reads both from the booking page and, for the same rule, from the
 * server (booking-texts.ts, slot-refusal-messages.ts keep the English constants the server uses;
 * a test keeps them equal to `en` here). One home per sentence and language (issue 19).
 */
export const en = {
  notAccepting: 'This practice is currently not accepting any appointments.',
  slotRequired: 'Please select a slot if you wish.',
  slotUnavailable: 'This time is no longer available to book. Please choose another time.',
  // Spec sections 2 and 3: page 5 has no full stop, page 6 has one.
  consentBookingForm: 'I agree to receive text and email from {practice}',
  consentVerificationStep: 'I agree to receive text and email from {practice}.',
};

export const es: Translation<typeof en> = {
  notAccepting: 'En este momento, este consultorio no está aceptando citas.',
  slotRequired: 'Seleccione un horario, si lo desea.',
  slotUnavailable: 'Este horario ya no está disponible. Elija otro horario.',
  consentBookingForm: 'Acepto recibir mensajes de texto y correos electrónicos de {practice}',
  consentVerificationStep: 'Acepto recibir mensajes de texto y correos electrónicos de {practice}.',
};
