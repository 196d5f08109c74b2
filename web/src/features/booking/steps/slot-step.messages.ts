import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Page 4 (spec section 2): the slot step, its calendar and its times. */
export const en = {
  heading: 'Please select a slot',
  noSlots: 'No slots available! Please call us instead.',
  pmsDown: 'Slots are not available at the moment. Please Proceed Without Slots',
  // The office's system could not be reached for a while (ADR 0071): the times shown may be taken.
  slotsMayBeOld:
    'These slots may not be current: the office could not be reached for a while. ' +
    'Choose one, or Proceed Without Slots.',
  loadingTimes: 'Loading available times…',
  allTimesIn: 'All times are in {zone}',
  // After a 409: someone else booked the chosen time first (also the submit's toast).
  slotTaken: 'Sorry, that time was just booked by someone else. Please choose another slot.',
  // The calendar's names for assistive technology. `day` arrives formatted with Intl ("Monday,
  // March 4, 2026"); `today` and `selected` are "yes" or "no".
  dayButton: '{today, select, yes {Today, } other {}}{day}{selected, select, yes {, selected} other {}}',
  previousMonth: 'Go to the Previous Month',
  nextMonth: 'Go to the Next Month',
};

export const es: Translation<typeof en> = {
  heading: 'Seleccione un horario',
  noSlots: '¡No hay horarios disponibles! Llámenos, por favor.',
  pmsDown: 'Los horarios no están disponibles en este momento. Continúe sin elegir horario.',
  slotsMayBeOld:
    'Es posible que estos horarios no estén al día: no se ha podido contactar con el consultorio desde hace un ' +
    'rato. Elija uno o continúe sin elegir horario.',
  loadingTimes: 'Cargando los horarios disponibles…',
  allTimesIn: 'Todos los horarios están en {zone}',
  slotTaken: 'Lo sentimos, otra persona acaba de reservar ese horario. Elija otro horario.',
  dayButton: '{today, select, yes {Hoy, } other {}}{day}{selected, select, yes {, seleccionado} other {}}',
  previousMonth: 'Ir al mes anterior',
  nextMonth: 'Ir al mes siguiente',
};
