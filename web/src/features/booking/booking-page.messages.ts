import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The booking page's title and description (domain/product.ts has the English the server uses). */
export const en = {
  documentTitle: 'Book appointment with {practice} - {product}',
  defaultDescription: 'Book an appointment with top dentists near you.',
};

export const es: Translation<typeof en> = {
  documentTitle: 'Reserve una cita con {practice} - {product}',
  defaultDescription: 'Reserve una cita con los mejores dentistas cerca de usted.',
};
