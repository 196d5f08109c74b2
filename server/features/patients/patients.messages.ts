import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The patient lookup's refusals (ADR 0034). */
export const en = {
  patientExists:
    'This practice already has a patient with this name and date of birth. Please continue as a returning patient.',
  tooManyForPatient: 'Too many requests for this patient. Please try again in {minutes, plural, other {# minutes}}.',
};

export const es: Translation<typeof en> = {
  patientExists:
    'Este consultorio ya tiene un paciente con este nombre y fecha de nacimiento. Continúe como paciente existente.',
  tooManyForPatient:
    'Demasiadas solicitudes para este paciente. Vuelva a intentarlo en {minutes, plural, one {# minuto} other {# ' +
    'minutos}}.',
};
