import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from '../../../lib/page-router.tsx';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import type { PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import { intlLocale } from '../../../lib/i18n/language-state.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { formDetailsQuery } from '../../../lib/practice-form-queries.ts';
import { clearCheckoutSession, loadCheckoutSession, saveCheckoutSession } from './checkout-session.ts';
import { PaymentFrame } from './payment-frame.tsx';
import {
  appointmentWhen,
  heldUntil,
  usePaymentFailure,
  useReturningSessionId,
  type FailureLookup,
} from './payment-failure.ts';
import { forgetFinishedBooking } from './payment-return.ts';
import * as messages from './payment-pages.messages.ts';
import { retryCheckoutSession } from './payments-api.ts';
import { PageLink } from '../../../components/ui/page-link.tsx';

const RETRY_BUTTON_CLASS =
  'min-h-11 rounded-lg bg-slate-900 px-5 py-2 font-semibold text-white hover:bg-slate-800 ' + 'disabled:bg-slate-500';

type Outcome = 'checking' | 'unknown' | 'held' | 'unpaid' | 'paid' | 'released';

function outcomeOf(lookup: FailureLookup): Outcome {
  if (lookup.kind !== 'checked') return lookup.kind;
  const { status } = lookup;
  if (status.paymentStatus === 'paid' && status.aptBooked) return 'paid';
  if (status.appointment?.state === 'held') return 'held';
  return status.aptBooked ? 'unpaid' : 'released';
}

/**
 * Route `/:formUrl/payment-failed` (spec section 2), the checkout's cancel URL. It says what became
 * of the appointment (still held, booked without payment, or released), offers to try the payment
 * again while that can still book it, and gives the practice's phone (ADR 0024).
 */
export function PaymentFailedPage() {
  const t = useMessages(messages);
  const { formUrl = '' } = useParams();
  const [searchParams] = useSearchParams();
  const practice = useQuery(formDetailsQuery(formUrl, null, useLanguage()));
  const sessionId = useReturningSessionId(searchParams.get('session_id'), formUrl);
  const lookup = usePaymentFailure(sessionId, practice.data?.id, practice.isError);
  const outcome = outcomeOf(lookup);
  const appointment = lookup.kind === 'checked' ? lookup.status.appointment : null;

  useEffect(() => {
    // Held: the patient may go back and pay, so the form and the session stay. Booked (paid or
    // not): the booking is over, the session stays for "Try the payment again". Released: the form
    // stays (nothing typed is lost) for another time; there is no hold left to resume.
    if (outcome === 'paid' || outcome === 'unpaid') forgetFinishedBooking();
    if (outcome === 'released') clearCheckoutSession();
    if (outcome === 'unknown') {
      forgetFinishedBooking();
      clearCheckoutSession();
    }
  }, [outcome]);

  if (outcome === 'checking') {
    return (
      <PaymentFrame title={t('failedTitle')} practice={practice.data} isBusy>
        <p role="status" className="text-slate-700">
          {t('checking')}
        </p>
      </PaymentFrame>
    );
  }
  return (
    <PaymentFrame title={outcome === 'paid' ? t('successTitle') : t('failedTitle')} practice={practice.data}>
      <OutcomeText outcome={outcome} appointment={appointment} />
      {appointment && <When appointment={appointment} />}
      {(outcome === 'held' || outcome === 'unpaid') && appointment?.can_retry_payment && sessionId && practice.data && (
        <RetryPayment sessionId={sessionId} practiceId={practice.data.id} />
      )}
      {practice.data && <CallPractice practice={practice.data} />}
      <PageLink to={`/${formUrl}`} className="text-slate-900 underline underline-offset-2">
        {t('backToForm')}
      </PageLink>
    </PaymentFrame>
  );
}

function OutcomeText({ outcome, appointment }: { outcome: Outcome; appointment: PaymentAppointment | null }) {
  const t = useMessages(messages);
  // Mounted when the answer arrives: the minutes left are counted from then.
  const [shownAt] = useState(() => Date.now());
  const held = outcome === 'held' && appointment ? heldUntil(appointment, shownAt, intlLocale()) : null;
  const lines =
    outcome === 'paid'
      ? [t('successMessage')]
      : held
        ? [t('held', { until: held.until, minutesLeft: held.minutesLeft })]
        : outcome === 'released'
          ? [t('released'), t('chooseAgain')]
          : outcome === 'unpaid'
            ? [t('failedMessage'), t('payLater')]
            : [t('failedMessage')];
  return (
    <>
      {lines.map((line) => (
        <p key={line} className="text-slate-700">
          {line}
        </p>
      ))}
    </>
  );
}

function When({ appointment }: { appointment: PaymentAppointment }) {
  const t = useMessages(messages);
  const when = appointmentWhen(appointment, intlLocale());
  if (!when) return null;
  return (
    <p className="font-semibold text-slate-900">
      <span className="sr-only">{t('appointment')}</span>
      {when}
    </p>
  );
}

/** Back to the open checkout, or a new one for the same appointment (the server's resume path). */
function RetryPayment({ sessionId, practiceId }: { sessionId: string; practiceId: string }) {
  const t = useMessages(messages);
  const retry = useMutation({
    mutationFn: () => retryCheckoutSession(sessionId, practiceId),
    onSuccess: (session) => {
      const stored = loadCheckoutSession();
      if (stored) saveCheckoutSession({ ...stored, sessionId: session.session_id, isReturnSubmitted: false });
      window.location.assign(session.url);
    },
  });
  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => retry.mutate()}
        disabled={retry.isPending || retry.isSuccess}
        className={RETRY_BUTTON_CLASS}
      >
        {t('retry')}
      </button>
      {retry.isError && (
        <p role="alert" className="text-sm text-red-800">
          {retry.error.message}
        </p>
      )}
    </div>
  );
}

function CallPractice({ practice }: { practice: FormDetails }) {
  const t = useMessages(messages);
  const phone = practice.phone?.trim();
  if (!phone) return null;
  return (
    <p className="text-slate-700">
      {t('callPractice', { practiceName: practice.name })}{' '}
      <a href={phoneHref(phone)} className="font-semibold text-slate-900 underline underline-offset-2">
        {formatPhone(phone)}
      </a>
      .
    </p>
  );
}
