import type { Formatters, Labels } from 'react-day-picker';
import { INTL_LOCALE, type Language } from '#domain/i18n/languages.ts';
import type { Translate } from '#domain/i18n/message-catalog.ts';
import type { en } from '../steps/slot-step.messages.ts';

type CalendarTranslate = Translate<typeof en>;

/**
 * The calendar's day-button names (WCAG 2.5.3, label in name). The calendar's own default names a
 * day "Monday, March 4th, 2026": "4th" does not contain the visible "4" as a word, so speech
 * users saying "click 4" miss it and axe's label-content-name-mismatch fails. The number is
 * written as shown, with Intl in the patient's language ("miércoles, 4 de marzo de 2026").
 */
export function dayButtonLabel(
  date: Date,
  modifiers: { today?: boolean; selected?: boolean },
  language: Language,
  t: CalendarTranslate,
): string {
  const day = date.toLocaleDateString(INTL_LOCALE[language], {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  return t('dayButton', { day, today: modifiers.today ? 'yes' : 'no', selected: modifiers.selected ? 'yes' : 'no' });
}

const capitalised = (text: string, language: Language) =>
  text.charAt(0).toLocaleUpperCase(INTL_LOCALE[language]) + text.slice(1);

/**
 * What the calendar says in `language` (ADR 0034): its aria labels always; for a language other
 * than English also its caption and weekday names, with Intl rather than a date-fns locale, so
 * no locale data ships (English keeps the calendar's own, the spec's, formats).
 */
export function calendarTexts(
  language: Language,
  t: CalendarTranslate,
): { labels: Partial<Labels>; formatters?: Partial<Formatters> } {
  const labels: Partial<Labels> = {
    labelDayButton: (date, modifiers) => dayButtonLabel(date, modifiers, language, t),
    labelPrevious: () => t('previousMonth'),
    labelNext: () => t('nextMonth'),
  };
  if (language === 'en') return { labels };
  const locale = INTL_LOCALE[language];
  const caption = (month: Date) =>
    capitalised(month.toLocaleDateString(locale, { month: 'long', year: 'numeric' }), language);
  return {
    labels: {
      ...labels,
      labelGrid: caption,
      labelWeekday: (date) => date.toLocaleDateString(locale, { weekday: 'long' }),
    },
    formatters: {
      formatCaption: caption,
      formatWeekdayName: (weekday) => capitalised(weekday.toLocaleDateString(locale, { weekday: 'short' }), language),
    },
  };
}
