import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { CANCEL_REASONS, type CancelReason, type ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import * as messages from './manage-page.messages.ts';
import { momentIn, money } from './manage-texts.ts';
import { OUTLINE_BUTTON_CLASS } from '../../../components/ui/class-names.ts';

const REASON_LABELS: Record<CancelReason, keyof typeof messages.en> = {
  schedule_conflict: 'reasonScheduleConflict',
  feeling_better: 'reasonFeelingBetter',
  booked_elsewhere: 'reasonBookedElsewhere',
  cost: 'reasonCost',
  other: 'reasonOther',
};

interface CancelDialogProps {
  appointment: ManagedAppointment;
  isCancelling: boolean;
  error: string | null;
  onConfirm: (reason: CancelReason | null) => void;
  onClose: () => void;
}

/**
 * "Cancel appointment" asks first (ADR 0036): a modal dialog that holds the keyboard's focus,
 * closes on Escape, says what happens to a deposit, and takes an optional reason.
 */
export function CancelDialog({ appointment, isCancelling, error, onConfirm, onClose }: CancelDialogProps) {
  const t = useMessages(messages);
  const language = useLanguage();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { policy, payment } = appointment;

  const onKeyDown = useDialogKeys(dialogRef, onClose);

  const refund =
    policy.refund_cents_if_cancelled_now === null || payment.amount_cents === null
      ? null
      : policy.refund_cents_if_cancelled_now > 0
        ? t('refundIfBefore', {
            deadline: momentIn(policy.refund_until!, appointment, language),
            amount: money(policy.refund_cents_if_cancelled_now, language),
          })
        : t('refundKept', { amount: money(payment.amount_cents, language) });

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="flex w-full max-w-md flex-col gap-4 rounded-xl bg-white p-6 text-left shadow-lg"
      >
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          {t('cancelTitle')}
        </h2>
        {refund && <p className="text-slate-800">{refund}</p>}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-medium text-slate-900">{t('cancelReasonLegend')}</legend>
          {CANCEL_REASONS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-3 text-slate-900">
              <input
                type="radio"
                name="cancel-reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-5"
              />
              {t(REASON_LABELS[value])}
            </label>
          ))}
        </fieldset>
        {error && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={OUTLINE_BUTTON_CLASS}>
            {t('keepAppointment')}
          </button>
          <button
            type="button"
            disabled={isCancelling}
            onClick={() => onConfirm(reason)}
            className="min-h-11 rounded-md bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-70"
          >
            {isCancelling ? t('cancelling') : t('confirmCancel')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Focus into the dialog when it opens; Tab and Shift+Tab stay inside it; Escape closes it. */
function useDialogKeys(dialogRef: RefObject<HTMLDivElement | null>, onClose: () => void) {
  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [dialogRef]);

  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // The tab stops: the radio group (its checked radio, or its first) and the two buttons.
    const radios = [...(dialogRef.current?.querySelectorAll<HTMLInputElement>('input[type=radio]') ?? [])];
    const buttons = [...(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const first = radios.find((radio) => radio.checked) ?? radios[0] ?? buttons[0];
    const last = buttons.at(-1) ?? first;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
}
