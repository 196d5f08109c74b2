import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import type { PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import { formDetailsQuery } from '../../../lib/practice-form-queries.ts';
import { clearCheckoutSession, loadCheckoutSession, saveCheckoutSession } from './checkout-session.ts';
import { PaymentFrame } from './payment-frame.tsx';
import { appointmentWhen, heldUntil, returningSessionId, usePaymentFailure, type FailureLookup } from './payment-failure.ts';
import { forgetFinishedBooking } from './payment-return.ts';
import { retryCheckoutSession } from './payments-api.ts';
import {
  BACK_TO_FORM_LABEL, CHOOSE_AGAIN_MESSAGE, PAY_LATER_MESSAGE, PAYMENT_CHECKING_MESSAGE, PAYMENT_FAILED_MESSAGE, PAYMENT_FAILED_TITLE,
  PAYMENT_SUCCESS_MESSAGE, PAYMENT_SUCCESS_TITLE, RELEASED_MESSAGE, RETRY_PAYMENT_LABEL, callPracticeMessage, heldMessage,
} from './payment-texts.ts';

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
 * again while that can still book it, and gives the practice's phone (issue 17, ADR 0024).
 */
export function PaymentFailedPage() {
  const { formUrl = '' } = useParams();
  const [searchParams] = useSearchParams();
  const practice = useQuery(formDetailsQuery(formUrl, null));
  // Read once, before anything below clears the stored session.
  const [sessionId] = useState(() => returningSessionId(searchParams.get('session_id'), formUrl));
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
      <PaymentFrame title={PAYMENT_FAILED_TITLE} practice={practice.data} isBusy>
        <p role="status" className="text-slate-700">
          {PAYMENT_CHECKING_MESSAGE}
        </p>
      </PaymentFrame>
    );
  }
  return (
    <PaymentFrame title={outcome === 'paid' ? PAYMENT_SUCCESS_TITLE : PAYMENT_FAILED_TITLE} practice={practice.data}>
      <OutcomeText outcome={outcome} appointment={appointment} />
      {appointment && <When appointment={appointment} />}
      {(outcome === 'held' || outcome === 'unpaid') && appointment?.can_retry_payment && sessionId && practice.data && (
        <RetryPayment sessionId={sessionId} practiceId={practice.data.id} />
      )}
      {practice.data && <CallPractice practice={practice.data} />}
      <Link to={`/${formUrl}`} className="text-slate-900 underline underline-offset-2">
        {BACK_TO_FORM_LABEL}
      </Link>
    </PaymentFrame>
  );
}

function OutcomeText({ outcome, appointment }: { outcome: Outcome; appointment: PaymentAppointment | null }) {
  // Mounted when the answer arrives: the minutes left are counted from then.
  const [shownAt] = useState(() => Date.now());
  const held = outcome === 'held' && appointment ? heldUntil(appointment, shownAt) : null;
  const lines =
    outcome === 'paid' ? [PAYMENT_SUCCESS_MESSAGE]
    : held ? [heldMessage(held.until, held.minutesLeft)]
    : outcome === 'released' ? [RELEASED_MESSAGE, CHOOSE_AGAIN_MESSAGE]
    : outcome === 'unpaid' ? [PAYMENT_FAILED_MESSAGE, PAY_LATER_MESSAGE]
    : [PAYMENT_FAILED_MESSAGE];
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
  const when = appointmentWhen(appointment);
  if (!when) return null;
  return (
    <p className="font-semibold text-slate-900">
      <span className="sr-only">Appointment: </span>
      {when}
    </p>
  );
}

/** Back to the open checkout, or a new one for the same appointment (the server's resume path). */
function RetryPayment({ sessionId, practiceId }: { sessionId: string; practiceId: string }) {
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
        className="min-h-11 rounded-lg bg-slate-900 px-5 py-2 font-semibold text-white hover:bg-slate-800 disabled:bg-slate-500"
      >
        {RETRY_PAYMENT_LABEL}
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
  const phone = practice.phone?.trim();
  if (!phone) return null;
  return (
    <p className="text-slate-700">
      {callPracticeMessage(practice.name)}{' '}
      <a href={phoneHref(phone)} className="font-semibold text-slate-900 underline underline-offset-2">
        {formatPhone(phone)}
      </a>
      .
    </p>
  );
}
