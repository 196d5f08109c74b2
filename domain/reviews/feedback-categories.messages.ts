import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * What the feedback dropdown shows for each category (spec section 9). The stored and wire value
 * stays the English category itself (FEEDBACK_CATEGORIES); only the shown label is translated.
 */
export const en = {
  longWaitTime: 'Long wait time',
  rudeStaff: 'Rude staff behavior',
  unsatisfactoryTreatment: 'Unsatisfactory treatment',
  billing: 'Billing issues',
  scheduling: 'Appointment scheduling problems',
  hygiene: 'Hygiene concerns',
  painAfterTreatment: 'Pain or discomfort after treatment',
  unclearCommunication: 'Lack of clear communication',
  unfriendlyReceptionist: 'Unfriendly or unhelpful receptionist',
  tooExpensive: 'Treatment was too expensive',
  insurance: 'Insurance issues',
  unexplainedProcedures: 'Inadequate explanation of procedures',
  unsanitizedEquipment: 'Equipment was not properly sanitized',
  salesPressure: 'Too much pressure to purchase additional services',
  hardToReach: 'Difficulty in reaching the clinic via phone or email',
  noPrivacy: 'Lack of privacy during consultation',
  other: 'Other',
};

export const es: Translation<typeof en> = {
  longWaitTime: 'Largo tiempo de espera',
  rudeStaff: 'Trato descortés del personal',
  unsatisfactoryTreatment: 'Tratamiento insatisfactorio',
  billing: 'Problemas de facturación',
  scheduling: 'Problemas para programar citas',
  hygiene: 'Inquietudes sobre la higiene',
  painAfterTreatment: 'Dolor o molestias después del tratamiento',
  unclearCommunication: 'Falta de comunicación clara',
  unfriendlyReceptionist: 'Recepcionista poco amable o poco servicial',
  tooExpensive: 'El tratamiento fue demasiado caro',
  insurance: 'Problemas con el seguro',
  unexplainedProcedures: 'Explicación insuficiente de los procedimientos',
  unsanitizedEquipment: 'El equipo no estaba bien desinfectado',
  salesPressure: 'Demasiada presión para comprar servicios adicionales',
  hardToReach: 'Dificultad para comunicarse con el consultorio por teléfono o correo electrónico',
  noPrivacy: 'Falta de privacidad durante la consulta',
  other: 'Otro',
};
