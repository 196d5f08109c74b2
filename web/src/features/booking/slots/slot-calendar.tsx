import { DayPicker } from 'react-day-picker';
import { INTL_LOCALE } from '#domain/i18n/languages.ts';
import 'react-day-picker/style.css';
import { brandColorOrDefault, readableTextColor } from '../../../lib/contrast.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { calendarTexts } from './calendar-labels.ts';
import * as messages from '../steps/slot-step.messages.ts';

/** "YYYY-MM-DD" as a local-midnight Date: the calendar deals in days only, never in instants. */
export function dateFromIso(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function isoFromDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface SlotCalendarProps {
  /** "YYYY-MM" shown. */
  month: string;
  /** The practice's today and the last bookable day, "YYYY-MM-DD". */
  today: string;
  horizon: string;
  daysWithSlots: ReadonlySet<string>;
  selectedDate: string | null;
  selectedColor: string;
  onMonthChange: (month: string) => void;
  onSelectDate: (date: string) => void;
}

const NARROW_DAY = 'min(44px, calc((100vw - 108px) / 7))';
const NARROW_DAY_BUTTON = `calc(${NARROW_DAY} - 2px)`;

/**
 * Spec section 2 page 4: days before today and days without availability are disabled; the
 * calendar cannot go back past the current month or forward past the practice's horizon (ADR 0079: 11 months
 * ahead at most).
 */
export function SlotCalendar({
  month,
  today,
  horizon,
  daysWithSlots,
  selectedDate,
  selectedColor,
  onMonthChange,
  onSelectDate,
}: SlotCalendarProps) {
  const selectedBackground = brandColorOrDefault(selectedColor);
  const t = useMessages(messages);
  const language = useLanguage();
  const { labels, formatters } = calendarTexts(language, t);
  return (
    <DayPicker
      mode="single"
      required
      month={dateFromIso(`${month}-01`)}
      startMonth={dateFromIso(`${today.slice(0, 7)}-01`)}
      endMonth={dateFromIso(horizon)}
      today={dateFromIso(today)}
      selected={selectedDate ? dateFromIso(selectedDate) : undefined}
      disabled={[{ before: dateFromIso(today) }, (date: Date) => !daysWithSlots.has(isoFromDate(date))]}
      onMonthChange={(date) => onMonthChange(isoFromDate(date).slice(0, 7))}
      onSelect={(date) => onSelectDate(isoFromDate(date))}
      labels={labels}
      formatters={formatters}
      lang={INTL_LOCALE[language]}
      modifiersStyles={{
        selected: {
          backgroundColor: selectedBackground,
          color: readableTextColor(selectedBackground),
          borderRadius: '9999px',
        },
      }}
      style={{
        ['--rdp-accent-color' as string]: '#1e293b',
        ['--rdp-accent-background-color' as string]: '#e2e8f0',
        // 44 px days do not fit a 360 px phone inside the manage page's card: narrower screens get
        // days of a seventh of what is left beside the page's and the card's padding (ADR 0062).
        ['--rdp-day-width' as string]: NARROW_DAY,
        ['--rdp-day-height' as string]: NARROW_DAY,
        ['--rdp-day_button-width' as string]: NARROW_DAY_BUTTON,
        ['--rdp-day_button-height' as string]: NARROW_DAY_BUTTON,
      }}
      className="w-fit rounded-lg border border-slate-200 bg-white p-3 text-slate-900"
    />
  );
}
