import { SimplePage } from '../../components/ui/simple-page.tsx';

/** Route `/review/feedback`: the private feedback form (spec section 2). */
export function FeedbackPage() {
  return <SimplePage title="Feedback Form" />;
}
