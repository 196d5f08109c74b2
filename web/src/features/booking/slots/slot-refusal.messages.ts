import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * Why the chosen slot was given back: on the slot page and in the submit's toast. (`unavailable`
 * is the server's SLOT_UNAVAILABLE text too: domain/booking/slot-refusal-messages.ts.)
 */
export const en = {
  taken: 'Sorry, that time was just booked by someone else. Please choose another slot.',
  unavailable: 'This time is no longer available to book. Please choose another time.',
};

export const es: Translation<typeof en> = {
  taken: 'Lo sentimos, otra persona acaba de reservar ese horario. Elija otro horario.',
  unavailable: 'Este horario ya no está disponible. Elija otro horario.',
};
