import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The `Add to calendar` choice (ADR 0035). */
export const en = {
  addToCalendar: 'Add to calendar',
  icsFile: 'Download a calendar file (.ics)',
  google: 'Google Calendar',
  outlook: 'Outlook',
  newTab: '(opens in a new tab)',
};

export const es: Translation<typeof en> = {
  addToCalendar: 'Agregar al calendario',
  icsFile: 'Descargar un archivo de calendario (.ics)',
  google: 'Google Calendar',
  outlook: 'Outlook',
  newTab: '(se abre en una pestaña nueva)',
};
