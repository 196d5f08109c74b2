import { Link, useParams } from 'react-router';
import { SimplePage } from '../../components/ui/simple-page.tsx';

/**
 * Route `/:formUrl/payment-success`. Whether the payment succeeded is known only after the
 * session lookup (spec section 4), so this page claims nothing until that lookup exists.
 */
export function PaymentSuccessPage() {
  const { formUrl = '' } = useParams();
  return (
    <SimplePage title="Payment status">
      <Link to={`/${formUrl}`} className="text-slate-900 underline underline-offset-2">
        Back to the booking form
      </Link>
    </SimplePage>
  );
}
