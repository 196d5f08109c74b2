import type { PatientStatus } from '#domain/booking/booking-schemas.ts';
import { currentLanguage } from '../../../lib/i18n/language-state.ts';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { usePageQueries } from '../../../lib/page-queries/use-page-query.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { reasonsQuery } from '../api/reasons-queries.ts';
import { useBookingContext } from '../booking-context.ts';
import { autoAdvance, goToPage } from '../navigation/step-actions.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { ChoiceHint } from '../navigation/choice-hint.tsx';
import { StepNavigation } from '../navigation/step-navigation.tsx';
import { PAGE } from '../navigation/step-rules.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { reasonsForStatus } from '../state/reason-rules.ts';
import { ChoiceCard } from './choice-card.tsx';
import * as messages from './patient-type-step.messages.ts';

/** The spec's patient statuses (PATIENT_STATUSES), listed here so page 1 does not load the booking schemas. */
export const PATIENT_TYPE_OPTIONS = ['New Patient', 'Returning Patient'] as const satisfies readonly PatientStatus[];

/** Each status's words (the statuses themselves are the spec's data values). */
const STATUS_LABEL = { 'New Patient': 'newPatient', 'Returning Patient': 'returningPatient' } as const satisfies Record<
  PatientStatus,
  keyof typeof messages.en
>;

/** Page 1 (spec section 2): New or Returning Patient, and whether the booking is for someone else. */
export function PatientTypeStep({ clinicNum }: { clinicNum: number | null }) {
  const t = useMessages(messages);
  const { form } = useBookingContext();
  const pages = usePageQueries();
  const status = useBookingStore((state) => state.patientFormDetails.basicDetailsData.patientStatus);
  const isForSomeoneElse = useBookingStore((state) => state.patientFormDetails.bookingForSomeOne);
  const setBookingForSomeOne = useBookingStore((state) => state.setBookingForSomeOne);

  const choose = async (chosen: PatientStatus) => {
    const store = useBookingStore.getState();
    store.chooseStatus(chosen, new Date());
    let reasons;
    try {
      reasons = await pages.ensure(reasonsQuery(form.id, clinicNum, currentLanguage()));
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : null);
      return;
    }
    // Spec section 4: one matching reason is chosen for the patient and the flow jumps to the
    // provider page; none or several go to the reason page.
    const matching = reasonsForStatus(reasons, chosen);
    const current = store.patientFormDetails.reasonForVisit;
    if (matching.length === 1 && matching[0]) {
      store.saveReason(matching[0]);
      autoAdvance(() => goToPage(PAGE.provider));
      return;
    }
    if (!matching.some((reason) => reason.id === current?.id)) store.resetReason();
    autoAdvance(() => goToPage(PAGE.reason));
  };

  return (
    <StepFrame heading={t('heading')} navigation={<StepNavigation isNextDisabled={!status} />}>
      <label className="flex w-fit cursor-pointer items-center gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="size-5 accent-slate-800"
          checked={isForSomeoneElse}
          onChange={(event) => setBookingForSomeOne(event.target.checked)}
        />
        {t('bookingForSomeoneElse')}
      </label>
      <div role="group" aria-label={t('patientTypeGroup')} className="grid gap-4 sm:grid-cols-2">
        {PATIENT_TYPE_OPTIONS.map((option) => (
          <ChoiceCard
            key={option}
            isSelected={status === option}
            selectedColor={form.form_customization.button_color_1}
            onChoose={() => void choose(option)}
          >
            <span className="text-lg font-semibold">{t(STATUS_LABEL[option])}</span>
          </ChoiceCard>
        ))}
      </div>
      {!status && <ChoiceHint message={t('statusRequired')} />}
    </StepFrame>
  );
}
