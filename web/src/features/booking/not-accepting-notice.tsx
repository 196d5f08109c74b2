import { NOT_ACCEPTING_MESSAGE } from '#domain/booking/booking-texts.ts';

/** Spec section 1: the only thing the flow shows when the practice is not accepting patients. */
export function NotAcceptingNotice() {
  return <p className="rounded-lg border border-slate-200 bg-white p-6 text-lg text-slate-800">{NOT_ACCEPTING_MESSAGE}</p>;
}
