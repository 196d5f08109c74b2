import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType, type Location } from '../../../lib/page-router.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import { cancelAutoAdvance } from './step-actions.ts';
import {
  LOCATION_SCREEN,
  planArrival,
  planHistory,
  readTrail,
  screenOfStep,
  searchForTrail,
  STEP_PARAM,
  type FlowShape,
} from './step-history.ts';
import { PAGE } from './step-rules.ts';

const stepOf = (location: Location) => screenOfStep(new URLSearchParams(location.search).get(STEP_PARAM));

/** Shows `screen` because the patient moved through the browser's history; true when it changed anything. */
function showScreen(screen: number): boolean {
  const store = useBookingStore.getState();
  if (screen === LOCATION_SCREEN) {
    if (store.clinicDetails === null) return false;
    // As page 1's Back does (spec section 2): the location choice forgets the clinic and the form.
    store.resetClinicAndForm();
    return true;
  }
  if (store.patientFormPageNumber === screen) return false;
  store.setPage(screen);
  return true;
}

/**
 * On opening the booking (a reload, a link, the return from the checkout): the step the history
 * entry names, before anything is painted (use-booking-session.ts calls it).
 */
export function showStepOfEntry(location: Location): void {
  const plan = planArrival(
    readTrail(location.state),
    stepOf(location),
    useBookingStore.getState().bookingResult !== null,
  );
  if (plan.kind === 'show' && plan.screen !== LOCATION_SCREEN) useBookingStore.getState().setPage(plan.screen);
}

/**
 * Keeps the browser's history in step with the booking (ADR 0020): the screen shown is the
 * current entry, a Back or Forward of the browser shows the entry's screen, and once booked an
 * earlier entry leaves the flow instead of bringing a form back. `screen` is null while the
 * booking is still resolving where it starts (a clinic_num or rfv being looked up).
 */
export function useStepHistory(screen: number | null, shape: FlowShape, hasBookingResult: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const entry = useMemo(() => readTrail(location.state), [location.state]);
  const seenKey = useRef(location.key);
  // The stored page, not only the screen shown: an entry naming a step not reachable yet changes
  // the page but not the screen, and the effect must run again to take the patient back.
  const page = useBookingStore((state) => state.patientFormPageNumber);
  const { clinicSetUp, clinicNum, rfv, showsProviders } = shape;

  useEffect(() => {
    const write = (trail: number[], replace: boolean) =>
      navigate(
        { pathname: location.pathname, search: searchForTrail(location.search, trail), hash: location.hash },
        { replace, state: { bookingTrail: trail } },
      );

    if (seenKey.current !== location.key) {
      seenKey.current = location.key;
      if (navigationType === 'POP') {
        const arrival = planArrival(entry, stepOf(location), hasBookingResult);
        if (arrival.kind === 'leave') {
          // The booking is made: this entry shows the confirmation, and Back goes past the flow.
          if (entry) write([...entry.slice(0, -1), PAGE.confirmation], true);
          if (arrival.delta < 0) void navigate(arrival.delta);
          return;
        }
        if (arrival.kind === 'show') {
          cancelAutoAdvance();
          if (showScreen(arrival.screen)) {
            useUiStore.getState().requestHeadingFocus();
            // The booking store changed: the effect runs again with the screen it leads to.
            return;
          }
        }
      }
    }
    if (screen === null) return;
    const plan = planHistory(entry, screen, { clinicSetUp, clinicNum, rfv, showsProviders });
    if (plan.kind === 'go') void navigate(plan.delta);
    if (plan.kind !== 'write') return;
    if (plan.replace) void write(plan.replace, true);
    for (const trail of plan.push) void write(trail, false);
  }, [
    location,
    navigationType,
    entry,
    screen,
    hasBookingResult,
    clinicSetUp,
    clinicNum,
    rfv,
    showsProviders,
    navigate,
    page,
  ]);
}
