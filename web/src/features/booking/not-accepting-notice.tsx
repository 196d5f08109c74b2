export const NOT_ACCEPTING_MESSAGE = 'This practice is currently not accepting any appointments.';

/** Spec section 1: the only thing the flow shows when the practice is not accepting patients. */
export function NotAcceptingNotice() {
  return <p className="rounded-lg border border-slate-200 bg-white p-6 text-lg text-slate-800">{NOT_ACCEPTING_MESSAGE}</p>;
}
