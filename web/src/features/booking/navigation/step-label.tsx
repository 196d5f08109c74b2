import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { useBookingStore } from '../state/booking-store.ts';
import * as messages from '../booking-form.messages.ts';
import { stepNumber } from './step-rules.ts';

/** Spec section 2: 'Step N' above the heading on pages below 7. */
export function StepLabel() {
  const t = useMessages(messages);
  const page = useBookingStore((state) => state.patientFormPageNumber);
  const showsProviders = useBookingStore(
    (state) => state.patientFormDetails.reasonForVisit?.to_show_providers ?? false,
  );
  const n = stepNumber(page, showsProviders);
  if (n === null) return null;
  return <p className="text-sm font-semibold text-slate-600">{t('step', { n })}</p>;
}
