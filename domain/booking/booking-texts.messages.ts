import type { Translation } from '../i18n/message-catalog.ts';

/**
 * Sentences the patient reads both from the booking page and, for the same rule, from the
 * server: one home per sentence and language (ADR 0034). booking-texts.ts,
 * slot-refusal-messages.ts and reason-patient-rule.ts name their keys (and give the server their
 * English until it translates them); the page shows them with `useMessages`.
 */
export const en = {
  notAccepting: 'This practice is currently not accepting any appointments.',
  slotRequired: 'Please select a slot if you wish.',
  slotUnavailable: 'This time is no longer available to book. Please choose another time.',
  newPatientsOnly: 'This reason for visit is for new patients only. Please choose another reason.',
  returningPatientsOnly: 'This reason for visit is for returning patients only. Please choose another reason.',
  // Spec sections 2 and 3: page 5 has no full stop, page 6 has one.
  consentBookingForm: 'I agree to receive text and email from {practice}',
  consentVerificationStep: 'I agree to receive text and email from {practice}.',
};

export const es: Translation<typeof en> = {
  notAccepting: 'En este momento, este consultorio no está aceptando citas.',
  slotRequired: 'Seleccione un horario, si lo desea.',
  slotUnavailable: 'Este horario ya no está disponible. Elija otro horario.',
  newPatientsOnly: 'Este motivo de visita es solo para pacientes nuevos. Elija otro motivo.',
  returningPatientsOnly: 'Este motivo de visita es solo para pacientes existentes. Elija otro motivo.',
  consentBookingForm: 'Acepto recibir mensajes de texto y correos electrónicos de {practice}',
  consentVerificationStep: 'Acepto recibir mensajes de texto y correos electrónicos de {practice}.',
};
