import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The price of a paid visit, before the checkout (ADR 0060). */
export const en = {
  paidWhenBooking: '{amount}, paid when you book',
};

export const es: Translation<typeof en> = {
  paidWhenBooking: '{amount}, se paga al reservar',
};
