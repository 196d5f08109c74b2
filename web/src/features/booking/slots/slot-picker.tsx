import { useCallback, useState, type ReactNode } from 'react';
import { bookingHorizon } from '#domain/availability/booking-horizon.ts';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import { formatDayHeading, zoneAbbreviation } from '#domain/time/time-format.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import type { SlotSource } from '../api/slots-api.ts';
import { SlotRequiredHint } from '../shared-texts.tsx';
import type { SlotsError } from '../state/booking-state.ts';
import { SlotCalendar } from './slot-calendar.tsx';
import { SlotList } from './slot-list.tsx';
import { monthOf, type DaySlot } from './slot-rules.ts';
import { useMonthSlots, type MonthSlots } from './use-month-slots.ts';
import * as messages from '../steps/slot-step.messages.ts';

export interface SlotPickerProps {
  source: SlotSource;
  timeZone: string;
  minLeadHours: number;
  /** The practice's booking_horizon_months (ADR 0079); absent: 11. */
  horizonMonths?: number;
  selectedColor: string;
  /** The phone offered when nothing is free. */
  phone: string;
  chosen: { date: string; slotStart: string } | null;
  /**
   * The day to open on when nothing is chosen: a refused slot's day, or the booking being moved
   * (ADR 0062). Absent or past: today's month.
   */
  initialDate?: string | null;
  onChoose: (slot: DaySlot) => void;
  /** Changing month clears a chosen slot (spec section 4). Keep it stable (useCallback). */
  onMonthChange?: () => void;
  onErrorChange?: (error: SlotsError | null) => void;
  /** An alert above the calendar (a refused time). */
  notice?: ReactNode;
  /** Headings inside the picker are one level below the page's step heading. */
  dayHeadingId: string;
}

/** Today, the horizon, and the day to open on: the chosen or given day unless it is past (ADR 0062). */
function openingOf(timeZone: string, day: string | null | undefined, horizonMonths: number | undefined) {
  const today = localDateOf(Date.now(), timeZone);
  return {
    today,
    horizon: bookingHorizon(Date.now(), timeZone, horizonMonths),
    openOn: day && day >= today ? day : null,
  };
}

/**
 * The slot step's calendar and times (page 4), whatever the slots come from: the booking flow
 * and the manage page's reschedule share it, so both have the same calendar, provider rule and
 * accessibility.
 */
export function SlotPicker(props: SlotPickerProps) {
  const t = useMessages(messages);
  const language = useLanguage();
  const { timeZone, chosen, onMonthChange } = props;
  const { today, horizon, month, pickedDate, setPickedDate, changeMonth } = usePickerMonth(
    timeZone,
    chosen,
    onMonthChange,
    props.initialDate,
    props.horizonMonths,
  );

  const slots = useMonthSlots({
    source: props.source,
    month,
    today,
    horizonMonth: monthOf(horizon),
    timeZone,
    minLeadHours: props.minLeadHours,
    onEmptyMonth: changeMonth,
    onErrorChange: props.onErrorChange,
  });

  const days = slots.status === 'ready' ? slots.days : null;
  // The earliest day with slots unless the patient picked another (spec section 4).
  const selectedDate = days && pickedDate && days.has(pickedDate) ? pickedDate : (days?.keys().next().value ?? null);
  const daySlots = (selectedDate && days?.get(selectedDate)) || [];
  const { phone } = props;

  return (
    <>
      {props.notice}
      {slots.status === 'ready' && slots.staleSince && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-900">
          {t('slotsMayBeOld')}
        </p>
      )}
      {slots.status === 'pms-unavailable' || slots.status === 'none' || slots.status === 'error' ? (
        <SlotsUnavailable slots={slots} phone={phone} />
      ) : (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <SlotCalendar
            month={month}
            today={today}
            horizon={horizon}
            daysWithSlots={new Set(days?.keys() ?? [])}
            selectedDate={selectedDate}
            selectedColor={props.selectedColor}
            onMonthChange={changeMonth}
            onSelectDate={setPickedDate}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3" aria-busy={slots.status === 'loading'}>
            {slots.status === 'loading' ? (
              <p role="status" className="text-slate-700">
                {t('loadingTimes')}
              </p>
            ) : (
              selectedDate && (
                <>
                  <h3 id={props.dayHeadingId} className="text-lg font-semibold text-slate-900">
                    {formatDayHeading(selectedDate, language)}
                  </h3>
                  <p className="text-sm text-slate-700">
                    {t('allTimesIn', {
                      zone: zoneAbbreviation(timeZone, Date.parse(`${selectedDate}T12:00:00Z`), language),
                    })}
                  </p>
                  <SlotList
                    slots={daySlots}
                    labelledBy={props.dayHeadingId}
                    chosen={chosen}
                    selectedColor={props.selectedColor}
                    onChoose={props.onChoose}
                  />
                  {!chosen && <SlotRequiredHint />}
                </>
              )
            )}
          </div>
        </div>
      )}
    </>
  );
}

type UnavailableSlots = Extract<MonthSlots, { status: 'pms-unavailable' | 'none' | 'error' }>;

/** Why there are no times to show: the practice's system is down, nothing is free, or an error. */
function SlotsUnavailable({ slots, phone }: { slots: UnavailableSlots; phone: string }) {
  const t = useMessages(messages);
  return slots.status === 'pms-unavailable' ? (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
      {t('pmsDown')}
    </p>
  ) : slots.status === 'none' ? (
    <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-900">
      {t('noSlots')}{' '}
      {phone && (
        <a href={phoneHref(phone)} className="font-semibold underline underline-offset-2">
          {formatPhone(phone)}
        </a>
      )}
    </p>
  ) : (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      {slots.message}
    </p>
  );
}

/** Today and the booking horizon (fixed when the picker opens), the month shown, and the day picked in it. */
function usePickerMonth(
  timeZone: string,
  chosen: SlotPickerProps['chosen'],
  onMonthChange?: () => void,
  initialDate?: string | null,
  horizonMonths?: number,
) {
  const [{ today, horizon, openOn }] = useState(() => openingOf(timeZone, chosen?.date ?? initialDate, horizonMonths));
  const [month, setMonth] = useState(() => monthOf(openOn ?? today));
  const [pickedDate, setPickedDate] = useState<string | null>(openOn);

  const changeMonth = useCallback(
    (next: string) => {
      setMonth(next);
      setPickedDate(null);
      onMonthChange?.();
    },
    [onMonthChange],
  );
  return { today, horizon, month, pickedDate, setPickedDate, changeMonth };
}
