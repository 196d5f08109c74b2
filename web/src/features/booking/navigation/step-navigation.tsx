import type { ReactNode } from 'react';
import { BrandButton } from '../../../components/ui/brand-button.tsx';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { useBookingContext } from '../booking-context.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { goBack, goNext } from './step-actions.ts';
import * as messages from '../booking-form.messages.ts';
import { isBackVisible, isNextVisible } from './step-rules.ts';

interface StepNavigationProps {
  /** Overrides the Next label (page 5: 'Submit', 'Pay & Schedule', …). */
  nextLabel?: ReactNode;
  isNextDisabled?: boolean;
  /** Replaces the shared Next handler. */
  onNext?: () => void;
  /** Page 5's Next submits its form. */
  submitsForm?: string;
  isReadOnly?: boolean;
  /** Why Next is disabled, said beside it and read as its description (ADR 0060). */
  nextHint?: ReactNode;
}

const NEXT_HINT_ID = 'step-next-hint';

/** Spec section 2: the shared Back and Next buttons under every step below page 7. */
export function StepNavigation({
  nextLabel,
  isNextDisabled = false,
  onNext,
  submitsForm,
  isReadOnly = false,
  nextHint,
}: StepNavigationProps) {
  const t = useMessages(messages);
  const { form, clinicNum, rfv } = useBookingContext();
  const page = useBookingStore((state) => state.patientFormPageNumber);
  const color = form.form_customization.button_color_2;
  const showBack = isBackVisible({ page, clinicSetUp: form.clinic_set_up, clinicNum, rfv, isReadOnly });
  const showNext = isNextVisible({ page, isReadOnly });
  if (!showBack && !showNext) return null;

  const hasHint = showNext && Boolean(nextHint);

  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {showBack ? (
          <BrandButton color={color} variant="outline" onClick={goBack}>
            {t('back')}
          </BrandButton>
        ) : (
          <span aria-hidden="true" />
        )}
        {showNext && (
          <BrandButton
            color={color}
            type={submitsForm ? 'submit' : 'button'}
            form={submitsForm}
            disabled={isNextDisabled}
            aria-describedby={hasHint ? NEXT_HINT_ID : undefined}
            onClick={submitsForm ? undefined : (onNext ?? goNext)}
          >
            {nextLabel ?? t('next')}
          </BrandButton>
        )}
      </div>
      {hasHint && (
        <p id={NEXT_HINT_ID} role="status" aria-live="polite" className="text-right text-sm text-slate-700">
          {nextHint}
        </p>
      )}
    </div>
  );
}
