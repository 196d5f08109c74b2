import { Link, useParams } from 'react-router';
import { SimplePage } from '../../components/ui/simple-page.tsx';

export const PAYMENT_FAILED_TITLE = 'Payment Failed';
export const PAYMENT_FAILED_MESSAGE = 'Your appointment is booked but the payment is not completed.';

/** Route `/:formUrl/payment-failed` (spec section 2). */
export function PaymentFailedPage() {
  const { formUrl = '' } = useParams();
  return (
    <SimplePage title={PAYMENT_FAILED_TITLE}>
      <p className="text-slate-700">{PAYMENT_FAILED_MESSAGE}</p>
      <Link to={`/${formUrl}`} className="text-slate-900 underline underline-offset-2">
        Back to the booking form
      </Link>
    </SimplePage>
  );
}
