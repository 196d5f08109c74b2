import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
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
import * as messages from './reason-step.messages.ts';
import { VisitPrice } from './visit-price.tsx';

/** Page 2 (spec section 2): one card per reason offered to the chosen status. */
export default function ReasonStep({ clinicNum }: { clinicNum: number | null }) {
  const t = useMessages(messages);
  const language = useLanguage();
  const { form } = useBookingContext();
  const status = useBookingStore((state) => state.patientFormDetails.basicDetailsData.patientStatus);
  const chosen = useBookingStore((state) => state.patientFormDetails.reasonForVisit);
  const saveReason = useBookingStore((state) => state.saveReason);
  const reasons = useQuery(reasonsQuery(form.id, clinicNum, language));
  const offered = reasonsForStatus(reasons.data ?? [], status);

  return (
    <StepFrame heading={t('heading')} navigation={<StepNavigation isNextDisabled={!chosen} />}>
      {reasons.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : reasons.isError ? (
        <p role="alert" className="text-red-800">
          {reasons.error.message}
        </p>
      ) : offered.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-800">{t('noReason')}</p>
      ) : (
        <div role="group" aria-label={t('reasonGroup')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {offered.map((reason) => (
            <ChoiceCard
              key={reason.id}
              isSelected={chosen?.id === reason.id}
              selectedColor={form.form_customization.button_color_1}
              onChoose={() => {
                saveReason(reason);
                autoAdvance(() => goToPage(PAGE.provider));
              }}
            >
              <span className="text-lg font-semibold">{reason.name}</span>
              <span>{t('duration', { minutes: reason.final_duration ?? 0 })}</span>
              <VisitPrice reason={reason} className="font-medium" />
            </ChoiceCard>
          ))}
        </div>
      )}
      {!chosen && offered.length > 0 && <ChoiceHint message={t('reasonRequired')} />}
    </StepFrame>
  );
}
