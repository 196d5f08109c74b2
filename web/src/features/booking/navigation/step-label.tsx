import { useBookingStore } from '../state/booking-store.ts';
import { stepNumber } from './step-rules.ts';

/** Spec section 2: 'Step N' above the heading on pages below 7. */
export function StepLabel() {
  const page = useBookingStore((state) => state.patientFormPageNumber);
  const showsProviders = useBookingStore((state) => state.patientFormDetails.reasonForVisit?.to_show_providers ?? false);
  const n = stepNumber(page, showsProviders);
  if (n === null) return null;
  return <p className="text-sm font-semibold text-slate-600">Step {n}</p>;
}
