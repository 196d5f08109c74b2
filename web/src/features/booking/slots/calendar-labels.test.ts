import { afterAll, describe, expect, it } from 'vitest';
import type { Translate } from '#domain/i18n/message-catalog.ts';
import { changeLanguage } from '../../../lib/i18n/catalogue-registry.ts';
import { translate } from '../../../lib/i18n/use-messages.ts';
import { calendarTexts, dayButtonLabel } from './calendar-labels.ts';
import * as messages from '../steps/slot-step.messages.ts';

const t: Translate<typeof messages.en> = (key, params) => translate(messages, key, params);

afterAll(() => changeLanguage('en'));

describe('dayButtonLabel (WCAG 2.5.3: the name contains the visible day number)', () => {
  it.each([1, 2, 3, 4, 11, 21, 22, 23, 31])('names day %i with its number as a word', (day) => {
    const label = dayButtonLabel(new Date(2026, 2, day), {}, 'en', t);
    expect(label.split(/[\s,]+/)).toContain(String(day));
  });

  it('says today and selected, as the calendar did', () => {
    expect(dayButtonLabel(new Date(2026, 2, 4), { today: true, selected: true }, 'en', t)).toBe(
      'Today, Wednesday, March 4, 2026, selected',
    );
    expect(dayButtonLabel(new Date(2026, 2, 4), {}, 'en', t)).toBe('Wednesday, March 4, 2026');
  });

  it('keeps the calendar’s own English caption and weekday names', () => {
    expect(calendarTexts('en', t).formatters).toBeUndefined();
    expect(calendarTexts('en', t).labels.labelNext?.(new Date(2026, 2, 1))).toBe('Go to the Next Month');
  });

  it('speaks Spanish when Spanish is chosen (ADR 0034)', async () => {
    await changeLanguage('es');
    expect(dayButtonLabel(new Date(2026, 2, 4), { today: true, selected: true }, 'es', t)).toBe(
      'Hoy, miércoles, 4 de marzo de 2026, seleccionado',
    );
    const { labels, formatters } = calendarTexts('es', t);
    expect(formatters?.formatCaption?.(new Date(2026, 2, 1))).toBe('Marzo de 2026');
    expect(formatters?.formatWeekdayName?.(new Date(2026, 2, 2))).toBe('Lun');
    expect(labels.labelPrevious?.(new Date(2026, 2, 1))).toBe('Ir al mes anterior');
    expect(labels.labelWeekday?.(new Date(2026, 2, 2))).toBe('lunes');
  });
});
