import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The practice endpoints' refusals, as the patient reads them (ADR 0034). */
export const en = {
  formNotFound: 'We could not find a booking form at "{formUrl}". Please check the link.',
  practiceNotFound: 'No practice has this practice_id.',
  reasonNotFound: 'This reason for visit is not offered by this practice.',
  clinicNotFound: 'This practice has no clinic number {clinicNum}.',
};

export const es: Translation<typeof en> = {
  formNotFound: 'No encontramos un formulario de citas en "{formUrl}". Revise el enlace.',
  practiceNotFound: 'Ningún consultorio tiene este practice_id.',
  reasonNotFound: 'Este consultorio no ofrece este motivo de la visita.',
  clinicNotFound: 'Este consultorio no tiene la ubicación número {clinicNum}.',
};
