import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { clearCheckoutSession } from './checkout-session.ts';
import { PaymentFrame } from './payment-frame.tsx';
import { forgetFinishedBooking } from './payment-return.ts';
import { BACK_TO_FORM_LABEL, PAYMENT_FAILED_MESSAGE, PAYMENT_FAILED_TITLE } from './payment-texts.ts';

/**
 * Route `/:formUrl/payment-failed` (spec section 2), the checkout's cancel URL. The appointment
 * stays booked without payment (ADR 0014), so this booking is over: its state is cleared and
 * the form starts afresh.
 */
export function PaymentFailedPage() {
  const { formUrl = '' } = useParams();
  useEffect(() => {
    forgetFinishedBooking();
    clearCheckoutSession();
  }, []);
  return (
    <PaymentFrame title={PAYMENT_FAILED_TITLE}>
      <p className="text-slate-700">{PAYMENT_FAILED_MESSAGE}</p>
      <Link to={`/${formUrl}`} className="text-slate-900 underline underline-offset-2">
        {BACK_TO_FORM_LABEL}
      </Link>
    </PaymentFrame>
  );
}
