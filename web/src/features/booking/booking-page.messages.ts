import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The booking page's title (domain/product.ts has the English the server uses). */
export const en = {
  documentTitle: 'Book appointment with {practice} - {product}',
};

export const es: Translation<typeof en> = {
  documentTitle: 'Reserve una cita con {practice} - {product}',
};
