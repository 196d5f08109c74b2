import { useCallback, useState } from 'react';
import { bookingHorizon } from '#domain/availability/booking-horizon.ts';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import { formatDayHeading, zoneAbbreviation } from '#domain/time/time-format.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { useBookingContext } from '../booking-context.ts';
import { autoAdvance, goToPage } from '../navigation/step-actions.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { StepNavigation } from '../navigation/step-navigation.tsx';
import { PAGE } from '../navigation/step-rules.ts';
import { SlotRequiredHint, SlotUnavailableText } from '../shared-texts.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import { reasonDuration } from '../state/reason-rules.ts';
import { SlotCalendar } from '../slots/slot-calendar.tsx';
import { SlotList } from '../slots/slot-list.tsx';
import { endTimeFor, monthOf, type DaySlot } from '../slots/slot-rules.ts';
import { useMonthSlots } from '../slots/use-month-slots.ts';
import * as messages from './slot-step.messages.ts';

const DAY_HEADING_ID = 'slot-day-heading';

/** Page 4 (spec section 2): a month calendar and the chosen day's start times. */
export default function SlotStep({ clinicNum }: { clinicNum: number | null }) {
  const t = useMessages(messages);
  const language = useLanguage();
  const { form } = useBookingContext();
  const clinicPhone = useBookingStore((state) => state.clinicDetails?.display_phone);
  const reason = useBookingStore((state) => state.patientFormDetails.reasonForVisit);
  const provider = useBookingStore((state) => state.patientFormDetails.providerDetails);
  const chosen = useBookingStore((state) => state.patientFormDetails.bookingSlotDetails);
  const saveSlot = useBookingStore((state) => state.saveSlot);
  const resetSlot = useBookingStore((state) => state.resetSlot);
  const slotRefusal = useUiStore((state) => state.slotRefusal);
  const setSlotRefusal = useUiStore((state) => state.setSlotRefusal);

  const timeZone = form.server_tz;
  const [{ today, horizon }] = useState(() => ({ today: localDateOf(Date.now(), timeZone), horizon: bookingHorizon(Date.now(), timeZone) }));
  const [month, setMonth] = useState(() => (chosen && chosen.date >= today ? monthOf(chosen.date) : monthOf(today)));
  const [pickedDate, setPickedDate] = useState<string | null>(chosen?.date ?? null);

  // Spec section 4: changing month clears the chosen slot.
  const changeMonth = useCallback(
    (next: string) => {
      setMonth(next);
      setPickedDate(null);
      resetSlot();
    },
    [resetSlot, setPickedDate],
  );

  const slots = useMonthSlots({
    practiceId: form.id,
    reasonForVisitId: reason?.id ?? '',
    provNum: provider?.pms_prov_num ?? 0,
    clinicNum,
    month,
    today,
    horizonMonth: monthOf(horizon),
    timeZone,
    minLeadHours: form.min_hours_before_booking,
    onEmptyMonth: changeMonth,
  });

  const days = slots.status === 'ready' ? slots.days : null;
  // The earliest day with slots unless the patient picked another (spec section 4).
  const selectedDate = days && pickedDate && days.has(pickedDate) ? pickedDate : (days?.keys().next().value ?? null);
  const daySlots = (selectedDate && days?.get(selectedDate)) || [];
  const canSkipSlot = slots.status === 'pms-unavailable';

  const choose = (slot: DaySlot) => {
    setSlotRefusal(null);
    const startTime = slot.startTime;
    saveSlot(
      { date: slot.date, slotStart: slot.slotStart, provNum: slot.provNum, opNum: slot.opNum },
      { startTime, endTime: endTimeFor(slot.date, startTime, reasonDuration(reason)) },
    );
    autoAdvance(() => goToPage(PAGE.contact));
  };

  const phone = (form.clinic_set_up ? clinicPhone : form.phone)?.trim() || form.phone?.trim() || '';

  return (
    <StepFrame
      heading={t('heading')}
      navigation={<StepNavigation isNextDisabled={!chosen && !canSkipSlot} onNext={() => goToPage(PAGE.contact)} />}
    >
      {slotRefusal && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-900">
          {slotRefusal === 'taken' ? t('slotTaken') : <SlotUnavailableText />}
        </p>
      )}
      {slots.status === 'pms-unavailable' ? (
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
      ) : slots.status === 'error' ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {slots.message}
        </p>
      ) : (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <SlotCalendar
            month={month}
            today={today}
            horizon={horizon}
            daysWithSlots={new Set(days?.keys() ?? [])}
            selectedDate={selectedDate}
            selectedColor={form.form_customization.button_color_1}
            onMonthChange={changeMonth}
            onSelectDate={setPickedDate}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3" aria-busy={slots.status === 'loading'}>
            {slots.status === 'loading' ? (
              <p role="status" className="text-slate-700">{t('loadingTimes')}</p>
            ) : (
              selectedDate && (
                <>
                  <h3 id={DAY_HEADING_ID} className="text-lg font-semibold text-slate-900">
                    {formatDayHeading(selectedDate, language)}
                  </h3>
                  <p className="text-sm text-slate-700">{t('allTimesIn', { zone: zoneAbbreviation(timeZone, Date.parse(`${selectedDate}T12:00:00Z`), language) })}</p>
                  <SlotList slots={daySlots} labelledBy={DAY_HEADING_ID} chosen={chosen} selectedColor={form.form_customization.button_color_1} onChoose={choose} />
                  {!chosen && <SlotRequiredHint />}
                </>
              )
            )}
          </div>
        </div>
      )}
    </StepFrame>
  );
}
