import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Page 4 (spec section 2). */
export const en = {
  heading: 'Please select a slot',
  noSlots: 'No slots available! Please call us instead.',
  pmsDown: 'Slots are not available at the moment. Please Proceed Without Slots',
  loadingTimes: 'Loading available times…',
  allTimesIn: 'All times are in {zone}',
  // After a 409: someone else booked the chosen time first (also the submit's toast).
  slotTaken: 'Sorry, that time was just booked by someone else. Please choose another slot.',
};

export const es: Translation<typeof en> = {
  heading: 'Seleccione un horario',
  noSlots: '¡No hay horarios disponibles! Llámenos, por favor.',
  pmsDown: 'Los horarios no están disponibles en este momento. Continúe sin elegir horario.',
  loadingTimes: 'Cargando los horarios disponibles…',
  allTimesIn: 'Todos los horarios están en {zone}',
  slotTaken: 'Lo sentimos, otra persona acaba de reservar ese horario. Elija otro horario.',
};
