import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Page 2 (spec section 2). */
export const en = {
  heading: 'Please select the reason for your visit',
  reasonRequired: 'Please select a reason for your visit',
  noReason: 'We apologize, but we are currently unable to accept appointments for the status.',
  reasonGroup: 'Reason for visit',
  // The spec writes "minutes" for every length, 1 included.
  duration: '{minutes, plural, one {# minutes} other {# minutes}}',
};

export const es: Translation<typeof en> = {
  heading: 'Seleccione el motivo de su visita',
  reasonRequired: 'Seleccione el motivo de su visita',
  noReason: 'Lo sentimos, en este momento no podemos aceptar citas para este tipo de paciente.',
  reasonGroup: 'Motivo de la visita',
  duration: '{minutes, plural, one {# minuto} other {# minutos}}',
};
