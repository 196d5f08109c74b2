import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Page 1 (spec section 2). */
export const en = {
  heading: 'Please select patient type',
  bookingForSomeoneElse: 'Booking for Someone Else',
  patientTypeGroup: 'Patient type',
  newPatient: 'New Patient',
  returningPatient: 'Returning Patient',
  statusRequired: 'Please select patient status',
};

export const es: Translation<typeof en> = {
  heading: 'Seleccione el tipo de paciente',
  bookingForSomeoneElse: 'Reserva para otra persona',
  patientTypeGroup: 'Tipo de paciente',
  newPatient: 'Paciente nuevo',
  returningPatient: 'Paciente existente',
  statusRequired: 'Seleccione el tipo de paciente',
};
