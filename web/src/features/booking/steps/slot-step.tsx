import { timeZoneOfChosenClinic } from '#domain/practice/clinic-time-zone.ts';
import { useCallback } from 'react';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { slotsQuery, type SlotSource } from '../api/slots-api.ts';
import { useBookingContext } from '../booking-context.ts';
import { autoAdvance, goToPage } from '../navigation/step-actions.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { StepNavigation } from '../navigation/step-navigation.tsx';
import { PAGE } from '../navigation/step-rules.ts';
import { SlotUnavailableText } from '../shared-texts.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import { reasonDuration } from '../state/reason-rules.ts';
import { SlotPicker } from '../slots/slot-picker.tsx';
import { endTimeFor, type DaySlot } from '../slots/slot-rules.ts';
import * as messages from './slot-step.messages.ts';
import { funnelEvent } from '../tracking/funnel-beacon.ts';

const DAY_HEADING_ID = 'slot-day-heading';

/** Page 4 (spec section 2): a month calendar and the chosen day's start times. */
export default function SlotStep({ clinicNum }: { clinicNum: number | null }) {
  const t = useMessages(messages);
  const { form } = useBookingContext();
  const clinic = useBookingStore((state) => state.clinicDetails);
  const clinicPhone = clinic?.display_phone;
  const reason = useBookingStore((state) => state.patientFormDetails.reasonForVisit);
  const provider = useBookingStore((state) => state.patientFormDetails.providerDetails);
  const chosen = useBookingStore((state) => state.patientFormDetails.bookingSlotDetails);
  const saveSlot = useBookingStore((state) => state.saveSlot);
  const resetSlot = useBookingStore((state) => state.resetSlot);
  const setSlotsError = useBookingStore((state) => state.setSlotsError);
  const canSkipSlot = useBookingStore((state) => state.slotsError?.code === 'PMS_UNAVAILABLE');
  const slotRefusal = useUiStore((state) => state.slotRefusal);
  const refusedDate = useUiStore((state) => state.slotRefusalDate);
  const setSlotRefusal = useUiStore((state) => state.setSlotRefusal);

  const practiceId = form.id;
  const reasonForVisitId = reason?.id ?? '';
  const provNum = provider?.pms_prov_num ?? 0;
  const source = useCallback<SlotSource>(
    (range) => slotsQuery({ practiceId, reasonForVisitId, provNum, clinicNum, ...range }),
    [practiceId, reasonForVisitId, provNum, clinicNum],
  );

  const choose = (slot: DaySlot) => {
    setSlotRefusal(null);
    const startTime = slot.startTime;
    saveSlot(
      { date: slot.date, slotStart: slot.slotStart, provNum: slot.provNum, opNum: slot.opNum },
      { startTime, endTime: endTimeFor(slot.date, startTime, reasonDuration(reason)) },
    );
    funnelEvent('slot_taken');
    autoAdvance(() => goToPage(PAGE.contact));
  };

  const phone = (form.clinic_set_up ? clinicPhone : form.phone)?.trim() || form.phone?.trim() || '';

  return (
    <StepFrame
      heading={t('heading')}
      navigation={<StepNavigation isNextDisabled={!chosen && !canSkipSlot} onNext={() => goToPage(PAGE.contact)} />}
    >
      <SlotPicker
        source={source}
        timeZone={timeZoneOfChosenClinic(form, clinic)}
        minLeadHours={form.min_hours_before_booking}
        horizonMonths={form.booking_horizon_months}
        selectedColor={form.form_customization.button_color_1}
        phone={phone}
        chosen={chosen}
        initialDate={refusedDate}
        onChoose={choose}
        onMonthChange={resetSlot}
        onErrorChange={setSlotsError}
        dayHeadingId={DAY_HEADING_ID}
        notice={
          slotRefusal && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-900">
              {slotRefusal === 'taken' ? t('slotTaken') : <SlotUnavailableText />}
            </p>
          )
        }
      />
    </StepFrame>
  );
}
