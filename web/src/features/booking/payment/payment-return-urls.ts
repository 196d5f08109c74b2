import { formatDollarsIn } from '#domain/format/localized-format.ts';
import { intlLocale } from '../../../lib/i18n/language-state.ts';

/**
 * Spec section 2: the payment return paths are built from the first path segment of the current
 * page (the practice slug). The server adds `?session_id=…` to the success URL itself.
 */
export function paymentReturnUrls(location: Pick<Location, 'origin' | 'pathname'>): {
  formUrl: string;
  success_url: string;
  cancel_url: string;
} {
  const formUrl = location.pathname.split('/')[1] ?? '';
  return {
    formUrl,
    success_url: `${location.origin}/${formUrl}/payment-success`,
    cancel_url: `${location.origin}/${formUrl}/payment-failed`,
  };
}

/** Spec section 2: the amount paid, in dollars, in the patient's locale. */
export function formatDollars(amount: number, locale: string = intlLocale()): string {
  return formatDollarsIn(amount, locale);
}
