import { PAGE } from './step-rules.ts';

export interface ProgressFacts {
  hasStatus: boolean;
  hasReason: boolean;
  hasProvider: boolean;
  hasSlot: boolean;
  /** The practice system is down: the patient may go on without a slot. */
  canSkipSlot: boolean;
  hasBookingResult: boolean;
}

function canShow(page: number, facts: ProgressFacts): boolean {
  switch (page) {
    case PAGE.patientType:
      return true;
    case PAGE.reason:
      return facts.hasStatus;
    case PAGE.provider:
      return facts.hasReason;
    case PAGE.slot:
      return facts.hasReason && facts.hasProvider;
    case PAGE.contact:
    case PAGE.verify:
      return facts.hasReason && facts.hasProvider && (facts.hasSlot || facts.canSkipSlot);
    case PAGE.confirmation:
      return facts.hasBookingResult;
    default:
      return false;
  }
}

/**
 * The stored page, or the nearest earlier one whose choices are all made. A stored page is
 * always reachable in normal use; this guards against state edited by hand or cut short, and
 * against a history entry (Back, Forward, a pasted link) naming a step not reached yet. Once
 * booked, only the confirmation shows: no form of a made booking comes back.
 */
export function reachablePage(page: number, facts: ProgressFacts): number {
  if (facts.hasBookingResult) return PAGE.confirmation;
  if (page === PAGE.confirmation) return canShow(page, facts) ? page : PAGE.patientType;
  for (let candidate = Math.min(page, PAGE.verify); candidate > PAGE.patientType; candidate -= 1) {
    if (canShow(candidate, facts)) return candidate;
  }
  return PAGE.patientType;
}
