import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The choice steps (spec section 2): a multi-clinic practice's location, and page 3's provider. */
export const en = {
  clinicHeading: 'Please select your preferred location',
  noData: 'No data',
  bookAppointment: 'Book Appointment',

  providerHeading: 'Please select provider',
  providerRequired: 'Please select a Provider',
  providerGroup: 'Provider',
  earliestAvailable: 'Select Earliest Available Provider',
};

export const es: Translation<typeof en> = {
  clinicHeading: 'Seleccione la ubicación que prefiera',
  noData: 'No hay datos',
  bookAppointment: 'Reservar cita',
  providerHeading: 'Seleccione un profesional',
  providerRequired: 'Seleccione un profesional',
  providerGroup: 'Profesional',
  earliestAvailable: 'Primero disponible',
};
