import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * The calendar's names for assistive technology. `day` arrives formatted with Intl ("Monday,
 * March 4, 2026"); `today` and `selected` are "yes" or "no".
 */
export const en = {
  dayButton: '{today, select, yes {Today, } other {}}{day}{selected, select, yes {, selected} other {}}',
  previousMonth: 'Go to the Previous Month',
  nextMonth: 'Go to the Next Month',
};

export const es: Translation<typeof en> = {
  dayButton: '{today, select, yes {Hoy, } other {}}{day}{selected, select, yes {, seleccionado} other {}}',
  previousMonth: 'Ir al mes anterior',
  nextMonth: 'Ir al mes siguiente',
};
