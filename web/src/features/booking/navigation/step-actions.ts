import { useBookingStore } from '../state/booking-store.ts';
import { EARLIEST_AVAILABLE_PROVIDER } from '../state/reason-rules.ts';
import { useUiStore } from '../state/ui-store.ts';
import { nextPage, PAGE, previousPage } from './step-rules.ts';

/** Spec section 9: status, reason, provider and slot choices move on after about 400 ms. */
export const AUTO_ADVANCE_MS = 400;

let advanceTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The one way pages change. Asking for the provider page with a reason that does not show
 * providers stores the earliest-available pseudo-provider and lands on the slot page (spec section 4).
 */
export function goToPage(page: number): void {
  const store = useBookingStore.getState();
  const reason = store.patientFormDetails.reasonForVisit;
  let target = page;
  if (target === PAGE.provider && reason && !reason.to_show_providers) {
    store.saveProvider(EARLIEST_AVAILABLE_PROVIDER);
    target = PAGE.slot;
  }
  store.setPage(target);
  useUiStore.getState().requestHeadingFocus();
}

const showsProviders = () => useBookingStore.getState().patientFormDetails.reasonForVisit?.to_show_providers ?? false;

export function goBack(): void {
  const page = useBookingStore.getState().patientFormPageNumber;
  if (page === PAGE.patientType) {
    // Spec section 2: Back on page 1 clears the clinic and the whole patient form.
    useBookingStore.getState().resetClinicAndForm();
    useUiStore.getState().requestHeadingFocus();
    return;
  }
  goToPage(previousPage(page, showsProviders()));
}

/** The shared Next handler: forward, up to page 5. */
export function goNext(): void {
  const page = useBookingStore.getState().patientFormPageNumber;
  goToPage(nextPage(page, showsProviders()));
}

/** Runs `action` after the auto-advance delay, with the loading overlay up meanwhile. */
export function autoAdvance(action: () => void): void {
  clearTimeout(advanceTimer);
  useUiStore.getState().setAdvancing(true);
  advanceTimer = setTimeout(() => {
    useUiStore.getState().setAdvancing(false);
    action();
  }, AUTO_ADVANCE_MS);
}

export function cancelAutoAdvance(): void {
  clearTimeout(advanceTimer);
  useUiStore.getState().setAdvancing(false);
}
