import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The description meta of a practice that gives none of its own. */
export const en = {
  defaultDescription: 'Book an appointment with top dentists near you.',
};

export const es: Translation<typeof en> = {
  defaultDescription: 'Reserve una cita con los mejores dentistas cerca de usted.',
};
