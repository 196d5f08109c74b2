import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The location choice of a multi-clinic practice (spec section 2). */
export const en = {
  heading: 'Please select your preferred location',
  noData: 'No data',
  bookAppointment: 'Book Appointment',
};

export const es: Translation<typeof en> = {
  heading: 'Seleccione la ubicación que prefiera',
  noData: 'No hay datos',
  bookAppointment: 'Reservar cita',
};
