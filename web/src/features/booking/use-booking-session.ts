import { useLayoutEffect, useState } from 'react';
import { useLocation } from '../../lib/page-router.tsx';
import { endHydratingServerMarkup, endRestoringBooking, rendersServerMarkup } from '../../lib/server-markup.ts';
import { showStepOfEntry } from './navigation/use-step-history.ts';
import { isSameSession, useBookingStore } from './state/booking-store.ts';
import { useUiStore } from './state/ui-store.ts';

/**
 * Spec section 4: the stored booking belongs to one practice path and one clinic_num; opening
 * another (or the same path with another clinic_num) starts afresh, and the history entry names
 * the step to show. Both happen once per opening, after mounting and before the browser paints;
 * until then this says false and the page renders nothing, so a stale step never shows. (An
 * effect, not a useState initialiser: React may run initialisers twice, as StrictMode does.)
 * The server's markup is the exception (ADR 0072): the server renders a fresh booking's first step,
 * and the browser hydrates it as such; a tab that may hold a stored booking is not hydrated
 * (main.tsx) but rendered afresh, its server step hidden until this effect has shown the stored one.
 */
export function useBookingSession(formUrl: string, clinicNumParam: string | null): boolean {
  const location = useLocation();
  const [opened] = useState(() => ({ formUrl, clinicNumParam, location }));
  const isPrepared = useUiStore((state) => state.isBookingPrepared);

  useLayoutEffect(() => {
    const state = useBookingStore.getState();
    if (!isSameSession(state, opened.formUrl, opened.clinicNumParam)) {
      state.startSession(opened.formUrl, opened.clinicNumParam);
    }
    showStepOfEntry(opened.location);
    useUiStore.getState().setBookingPrepared(true);
    endHydratingServerMarkup();
    // The re-render this causes commits in the same task, before the browser paints.
    endRestoringBooking();
    return () => useUiStore.getState().setBookingPrepared(false);
  }, [opened]);

  return isPrepared || rendersServerMarkup();
}
