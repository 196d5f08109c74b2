import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { intlLocale } from '../../../lib/i18n/language-state.ts';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { formatDollars } from '../payment/payment-return-urls.ts';
import * as messages from './visit-price.messages.ts';

/**
 * "$75.00, paid when you book": a paid reason's price where the patient chooses it and where they
 * submit, not first at the checkout (ADR 0060). Nothing for a reason without payment.
 */
export function VisitPrice({ reason, className }: { reason: ReasonForVisit | null; className?: string }) {
  const t = useMessages(messages);
  if (!reason?.is_payment_enabled || reason.amount <= 0) return null;
  return (
    <span className={className}>{t('paidWhenBooking', { amount: formatDollars(reason.amount, intlLocale()) })}</span>
  );
}
