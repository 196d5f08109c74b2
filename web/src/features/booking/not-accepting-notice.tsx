import * as messages from '#domain/booking/booking-texts.messages.ts';
import { useMessages } from '../../lib/i18n/use-messages.ts';

/** Spec section 1: the only thing the flow shows when the practice is not accepting patients. */
export function NotAcceptingNotice() {
  const t = useMessages(messages);
  return <p className="rounded-lg border border-slate-200 bg-white p-6 text-lg text-slate-800">{t('notAccepting')}</p>;
}
