import { FUNNEL_STEPS, type FunnelStep } from '#domain/insights/funnel-words.ts';
import { isBackVisible, PAGE, previousPage } from './step-rules.ts';

/**
 * The booking's steps as browser history entries (ADR 0020): each screen the patient reaches is
 * an entry, so the phone's and the browser's Back and Forward move one step, as the page's own
 * Back does. An entry remembers its trail, the screens from the flow's start up to it.
 */

/** The location choice of a multi-clinic practice, shown before page 1 (not a page number of the spec). */
export const LOCATION_SCREEN = 0;

/** The query parameter naming the step; the flow's first screen goes without it. */
export const STEP_PARAM = 'step';

// The funnel's step names are the history's (ADR 0080): one list.
const STEP_NAMES = FUNNEL_STEPS;

export function stepName(screen: number): FunnelStep {
  return STEP_NAMES[screen] ?? STEP_NAMES[PAGE.patientType];
}

/** The screen a `step` value names, or null for a missing or unknown value. */
export function screenOfStep(value: string | null): number | null {
  const index = value === null ? -1 : STEP_NAMES.indexOf(value as (typeof STEP_NAMES)[number]);
  return index >= 0 ? index : null;
}

export interface FlowShape {
  clinicSetUp: boolean;
  /** clinic_num from the query string; null when absent. */
  clinicNum: number | null;
  rfv: string | null;
  showsProviders: boolean;
}

/** Where the page's Back button leads from `screen`, or null where the page offers no Back. */
export function backTarget(screen: number, shape: FlowShape): number | null {
  if (screen <= LOCATION_SCREEN || screen >= PAGE.confirmation) return null;
  if (!isBackVisible({ page: screen, clinicSetUp: shape.clinicSetUp, clinicNum: shape.clinicNum, rfv: shape.rfv }))
    return null;
  if (screen === PAGE.patientType) return LOCATION_SCREEN;
  return previousPage(screen, shape.showsProviders);
}

/** The screens the page's Back buttons walk through from `screen` to the flow's start, in order from the start. */
export function trailTo(screen: number, shape: FlowShape): number[] {
  const trail = [screen];
  for (let back = backTarget(screen, shape); back !== null && !trail.includes(back); back = backTarget(back, shape))
    trail.unshift(back);
  return trail;
}

/** The trail kept in an entry's history state, or null when the entry is not one of ours (or is malformed). */
export function readTrail(state: unknown): number[] | null {
  const trail = (state as { bookingTrail?: unknown } | null)?.bookingTrail;
  if (!Array.isArray(trail) || trail.length === 0 || trail.length > STEP_NAMES.length) return null;
  const isScreens = trail.every(
    (screen, i) =>
      Number.isInteger(screen) && screen >= 0 && screen < STEP_NAMES.length && (i === 0 || screen > trail[i - 1]),
  );
  return isScreens ? (trail as number[]) : null;
}

/** What the history must do so that the current entry shows `screen`. */
export type HistoryPlan =
  | { kind: 'none' }
  /** Go back to an entry already showing the screen (the page's Back, or a step the patient is sent back to). */
  | { kind: 'go'; delta: number }
  /** Rewrite the current entry (when `replace` is set), then add one entry per trail of `push`. */
  | { kind: 'write'; replace: number[] | null; push: number[][] };

/**
 * Moving forward adds an entry for each screen the page's Back would pass through, so that the
 * browser's Back retraces exactly what the page's Back does, even after an automatic jump (one
 * reason for the status goes straight to the slots). Moving back returns to the entry already
 * there, keeping Forward. The confirmation takes the place of the form's entry: it is not a
 * step to come back to. An entry of another kind (a fresh visit) is rewritten into the trail.
 */
export function planHistory(entry: number[] | null, screen: number, shape: FlowShape): HistoryPlan {
  if (entry === null) {
    const full = trailTo(screen, shape);
    return { kind: 'write', replace: full.slice(0, 1), push: full.slice(1).map((_, i) => full.slice(0, i + 2)) };
  }
  const last = entry.length - 1;
  if (entry[last] === screen) return { kind: 'none' };
  if (screen === PAGE.confirmation) return { kind: 'write', replace: [...entry.slice(0, last), screen], push: [] };
  // The booking was forgotten on the confirmation (a reload, the redirect): a fresh start here,
  // without moving through history (which would also cancel the redirect under way).
  if (entry[last] === PAGE.confirmation) return { kind: 'write', replace: [screen], push: [] };
  const index = entry.indexOf(screen);
  if (index >= 0) return { kind: 'go', delta: index - last };
  const current = entry[last]!;
  if (screen > current) {
    const full = trailTo(screen, shape);
    const from = full.indexOf(current);
    const added = from >= 0 ? full.slice(from + 1) : [screen];
    return { kind: 'write', replace: null, push: added.map((_, i) => [...entry, ...added.slice(0, i + 1)]) };
  }
  return { kind: 'write', replace: [...entry.filter((other) => other < screen), screen], push: [] };
}

/** The query string of an entry showing the end of `trail`: its step named, except at the flow's start. */
export function searchForTrail(search: string, trail: readonly number[]): string {
  const params = new URLSearchParams(search);
  if (trail.length > 1) params.set(STEP_PARAM, stepName(trail[trail.length - 1]!));
  else params.delete(STEP_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What a browser Back or Forward onto an entry asks of the booking. */
export type ArrivalPlan =
  /** Nothing to change (not one of ours, or the booking already shows it). */
  | { kind: 'stay' }
  /** Show this screen (0: the location choice, which forgets the clinic and the form, as page 1's Back does). */
  | { kind: 'show'; screen: number }
  /** The booking is made: no form of it comes back; go back past the flow's entries (`delta`). */
  | { kind: 'leave'; delta: number };

/**
 * The entry's own trail wins; failing that (a link or a fresh tab), its `step` parameter; failing
 * that, the stored booking resumes where it was. Once booked, every earlier entry leaves the flow.
 */
export function planArrival(entry: number[] | null, step: number | null, hasBookingResult: boolean): ArrivalPlan {
  const requested = entry ? entry[entry.length - 1]! : step;
  if (hasBookingResult)
    return requested === PAGE.confirmation || requested === null
      ? { kind: 'stay' }
      : { kind: 'leave', delta: -(entry?.length ?? 0) };
  if (requested === null || requested === PAGE.confirmation) return { kind: 'stay' };
  return { kind: 'show', screen: requested };
}
