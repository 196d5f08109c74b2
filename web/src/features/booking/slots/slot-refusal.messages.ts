import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * A slot taken by someone else (409): on the slot page and in the submit's toast. (A slot no
 * longer bookable says domain/booking/booking-texts.messages.ts `slotUnavailable`, as the server does.)
 */
export const en = {
  taken: 'Sorry, that time was just booked by someone else. Please choose another slot.',
};

export const es: Translation<typeof en> = {
  taken: 'Lo sentimos, otra persona acaba de reservar ese horario. Elija otro horario.',
};
