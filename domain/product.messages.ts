import type { Translation } from './i18n/message-catalog.ts';

/** The booking page's title and description meta: the server writes them into the HTML, the web keeps them in step. */
export const en = {
  documentTitle: 'Book appointment with {practice} - {product}',
  defaultDescription: 'Book an appointment with top dentists near you.',
};

export const es: Translation<typeof en> = {
  documentTitle: 'Reserve una cita con {practice} - {product}',
  defaultDescription: 'Reserve una cita con los mejores dentistas cerca de usted.',
};
