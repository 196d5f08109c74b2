import type { ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import * as messages from './manage-page.messages.ts';
import type { Translate } from '#domain/i18n/message-catalog.ts';
import type { Language } from '#domain/i18n/languages.ts';
import { momentIn, money, refusalText } from './manage-texts.ts';
import { OUTLINE_BUTTON_CLASS } from '../../../components/ui/class-names.ts';
import { PageLink } from '../../../components/ui/page-link.tsx';

const PRIMARY_CLASS = 'min-h-11 rounded-md bg-slate-900 px-4 py-2 font-semibold text-white';
const CANCEL_CLASS = 'min-h-11 rounded-md border-2 border-red-700 bg-white px-4 py-2 font-semibold text-red-800';

interface ManageActionsProps {
  appointment: ManagedAppointment;
  onReschedule: () => void;
  onCancel: () => void;
  onPay: () => void;
  isPaying: boolean;
}

/**
 * What the practice's policy allows now, said before the patient acts (ADR 0036): the deadlines,
 * the moves left and what a cancellation does to a deposit; past a deadline, why not, and the phone.
 */
export function ManageActions({ appointment, onReschedule, onCancel, onPay, isPaying }: ManageActionsProps) {
  const t = useMessages(messages);
  const language = useLanguage();
  const { policy, payment, practice } = appointment;
  const { lines, moveRefusal, cancelRefusal } = policyLines(t, appointment, language);
  const isRefused = (!policy.can_reschedule && moveRefusal !== null) || (!policy.can_cancel && cancelRefusal !== null);

  const actionButtons = [
    {
      is: payment.can_pay,
      label: t('payNow'),
      onClick: onPay,
      disabled: isPaying,
      className: `${PRIMARY_CLASS} disabled:opacity-60`,
    },
    {
      is: policy.can_reschedule,
      label: t('reschedule'),
      onClick: onReschedule,
      disabled: undefined,
      className: PRIMARY_CLASS,
    },
    {
      is: policy.can_cancel,
      label: t('cancelAppointment'),
      onClick: onCancel,
      disabled: undefined,
      className: CANCEL_CLASS,
    },
  ];

  return (
    <div className="flex flex-col gap-4 text-left">
      {lines.length > 0 && (
        <ul className="flex flex-col gap-1 text-slate-800">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {isRefused && practice.phone && (
        <p className="text-slate-800">
          {t('callInstead')}{' '}
          <a href={phoneHref(practice.phone)} className="font-semibold text-slate-900 underline underline-offset-2">
            {formatPhone(practice.phone)}
          </a>
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {actionButtons.map(
          ({ is, label, onClick, disabled, className }) =>
            is && (
              <button key={label} type="button" disabled={disabled} onClick={onClick} className={className}>
                {label}
              </button>
            ),
        )}
        {appointment.state === 'cancelled' && (
          <PageLink to={`/${practice.form_url}`} className={`${OUTLINE_BUTTON_CLASS} text-center`}>
            {t('bookAgain')}
          </PageLink>
        )}
      </div>
    </div>
  );
}

/** The policy's sentences for now: deadlines, moves left, the deposit; or why not. */
function policyLines(t: Translate<typeof messages.en>, appointment: ManagedAppointment, language: Language) {
  const { policy, payment } = appointment;
  const deadline = (iso: string | null) => (iso ? momentIn(iso, appointment, language) : '');
  const moveRefusal = refusalText(t, 'reschedule', policy.reschedule_refusal);
  const cancelRefusal = refusalText(t, 'cancel', policy.cancel_refusal);
  const lines = [
    policy.can_reschedule ? t('rescheduleUntil', { deadline: deadline(policy.reschedule_until) }) : moveRefusal,
    policy.can_reschedule ? t('reschedulesLeft', { count: policy.reschedules_left }) : null,
    policy.can_cancel && policy.cancel_until
      ? t('cancelUntil', { deadline: deadline(policy.cancel_until) })
      : policy.can_cancel
        ? null
        : cancelRefusal,
    policy.can_cancel && policy.refund_cents_if_cancelled_now !== null && payment.amount_cents !== null
      ? policy.refund_cents_if_cancelled_now > 0
        ? t('refundIfBefore', {
            deadline: deadline(policy.refund_until),
            amount: money(policy.refund_cents_if_cancelled_now, language),
          })
        : t('refundKept', { amount: money(payment.amount_cents, language) })
      : null,
  ].filter((line): line is string => Boolean(line));
  return { lines, moveRefusal, cancelRefusal };
}
