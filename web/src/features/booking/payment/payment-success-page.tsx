import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDayHeading } from '#domain/time/time-format.ts';
import { clearCheckoutSession, type PaymentReceipt } from './checkout-session.ts';
import { PaymentFrame } from './payment-frame.tsx';
import { formatDollars } from './payment-return-urls.ts';
import {
  BACK_TO_FORM_LABEL,
  PAYMENT_CHECKING_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_FAILED_TITLE,
  PAYMENT_STATUS_TITLE,
  PAYMENT_SUCCESS_MESSAGE,
  PAYMENT_SUCCESS_TITLE,
  PAYMENT_UNKNOWN_MESSAGE,
} from './payment-texts.ts';
import { usePaymentReturn } from './use-payment-return.ts';
import { DetailItem as Item } from '../../../components/ui/detail-item.tsx';
import { RadarSpinner } from '../../../components/ui/radar-spinner.tsx';
import { formDetailsQuery } from '../../../lib/practice-form-queries.ts';

/** How long the receipt stays before the page returns to the booking form (spec section 4). */
export const RETURN_DELAY_SECONDS = 10;

/**
 * Route `/:formUrl/payment-success` (spec sections 2 and 4). The session is looked up first;
 * 'Payment Successful' only for payment_status 'paid', otherwise the failure message. Once the
 * appointment is booked the booking state is cleared at once; the page returns to the form after
 * a visible countdown, which the patient can stop, or at once with the link.
 */
export function PaymentSuccessPage() {
  const { formUrl = '' } = useParams();
  const [searchParams] = useSearchParams();
  const outcome = usePaymentReturn(formUrl, searchParams.get('session_id'));
  // The practice's header and name in the tab (issue 17); the page works without them.
  const practice = useQuery(formDetailsQuery(formUrl, null)).data;

  if (outcome.kind === 'checking') {
    return (
      <PaymentFrame title={PAYMENT_STATUS_TITLE} practice={practice} isBusy>
        <RadarSpinner label={PAYMENT_CHECKING_MESSAGE} />
      </PaymentFrame>
    );
  }
  if (outcome.kind === 'unknown') {
    return (
      <PaymentFrame title={PAYMENT_STATUS_TITLE} practice={practice}>
        <p className="text-slate-700">{PAYMENT_UNKNOWN_MESSAGE}</p>
        <BackLink formUrl={formUrl} />
      </PaymentFrame>
    );
  }
  return (
    <PaymentFrame title={outcome.isPaid ? PAYMENT_SUCCESS_TITLE : PAYMENT_FAILED_TITLE} practice={practice}>
      <p className="text-slate-700">{outcome.isPaid ? PAYMENT_SUCCESS_MESSAGE : PAYMENT_FAILED_MESSAGE}</p>
      {outcome.isPaid && outcome.receipt && <Receipt receipt={outcome.receipt} />}
      {outcome.isBooked ? <ReturnCountdown formUrl={formUrl} /> : <BackLink formUrl={formUrl} />}
    </PaymentFrame>
  );
}

function Receipt({ receipt }: { receipt: PaymentReceipt }) {
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 p-4 text-left sm:grid-cols-2">
      {receipt.slot && <Item term="Date and time" value={`${formatDayHeading(receipt.slot.date)}, ${receipt.slot.slotStart}`} />}
      <Item term="Provider" value={receipt.providerName} />
      {receipt.reasonName && <Item term="Reason" value={receipt.reasonName} />}
      <Item term="Amount paid" value={formatDollars(receipt.amount)} />
    </dl>
  );
}

function BackLink({ formUrl }: { formUrl: string }) {
  return (
    <Link to={`/${formUrl}`} onClick={clearCheckoutSession} className="text-slate-900 underline underline-offset-2">
      {BACK_TO_FORM_LABEL}
    </Link>
  );
}

/** Counts down to the booking form; 'Stay on this page' stops it, so nobody is hurried off the receipt. */
function ReturnCountdown({ formUrl }: { formUrl: string }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(RETURN_DELAY_SECONDS);
  const isCounting = secondsLeft !== null;

  useEffect(() => {
    if (!isCounting) return;
    const timer = setInterval(() => setSecondsLeft((left) => (left === null ? null : Math.max(0, left - 1))), 1_000);
    return () => clearInterval(timer);
  }, [isCounting]);

  useEffect(() => {
    if (secondsLeft !== 0) return;
    clearCheckoutSession();
    void navigate(`/${formUrl}`, { replace: true });
  }, [secondsLeft, formUrl, navigate]);

  return (
    <div className="flex flex-col items-center gap-2">
      {isCounting && (
        <p className="text-slate-700">
          Returning to the booking form in {secondsLeft} seconds.{' '}
          <button type="button" onClick={() => setSecondsLeft(null)} className="font-semibold text-slate-900 underline underline-offset-2">
            Stay on this page
          </button>
        </p>
      )}
      <BackLink formUrl={formUrl} />
    </div>
  );
}
