import { SimplePage } from '../../components/ui/simple-page.tsx';

/** Route `/review/:id`: the thank-you and review page for a review token (spec section 2). */
export function ReviewPage() {
  return <SimplePage title="Thank you for choosing us" />;
}
