import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The slot lookup's refusals (ADR 0034). */
export const en = {
  connectorDown: "The office's practice management connector is not running. Slots are not available at the moment.",
  connectorVersion:
    "The office's practice management connector is out of date (version issue). Slots are not available at the moment.",
  connectorUnreachable:
    "The office's practice management connector is not running or cannot be reached. Slots are not available at " +
    'the moment.',
  reasonNotAtClinic: 'This reason for visit is not offered at the chosen clinic.',
  reasonNotAtClinicField: 'not offered for this reason',
  providerNotForReason: 'This provider does not see patients for this reason for visit.',
  providerNotForReasonField: 'not offered for this reason',
};

export const es: Translation<typeof en> = {
  connectorDown:
    'El sistema de gestión del consultorio no está funcionando. Los horarios no están disponibles en este momento.',
  connectorVersion:
    'El sistema de gestión del consultorio está desactualizado (problema de versión). Los horarios no están ' +
    'disponibles en este momento.',
  connectorUnreachable:
    'El sistema de gestión del consultorio no está funcionando o no se puede acceder a él. Los horarios no están ' +
    'disponibles en este momento.',
  reasonNotAtClinic: 'Este motivo de la visita no se ofrece en la ubicación elegida.',
  reasonNotAtClinicField: 'no se ofrece para este motivo',
  providerNotForReason: 'Este profesional no atiende a pacientes por este motivo de la visita.',
  providerNotForReasonField: 'no se ofrece para este motivo',
};
