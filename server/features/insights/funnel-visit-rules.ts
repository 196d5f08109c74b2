import type { FunnelEvent } from '#domain/insights/funnel-schemas.ts';
import { SCREEN_EVENTS } from '#domain/insights/funnel-schemas.ts';
import type { DailyChange } from './funnel-events-repository.ts';

/** The pseudo-step whose `reached` counts visits in the daily totals (ADR 0080). */
export const VISITS_ROW = 'visits';
export const BOOKED_STEP = 'booked';

export interface VisitSoFar {
  isNew: boolean;
  firstAt: number;
  steps: readonly string[];
  lastStep: string | null;
  bookedSeconds: number | null;
}

export interface VisitAfter {
  steps: string[];
  lastStep: string | null;
  bookedSeconds: number | null;
  daily: DailyChange[];
}

/** The screen an event shows: the step it names, 'booked' for the booking; null for actions within a step. */
function stepShown(event: FunnelEvent): string | null {
  if (event.type === 'booked') return BOOKED_STEP;
  return (SCREEN_EVENTS as readonly string[]).includes(event.type) ? (event.step ?? null) : null;
}

/**
 * What a batch changes in its visit and in the daily totals: each step counts once per visit (`reached`), the step
 * a visit is on so far counts as where it left (`left`, moved as the visit moves), and a visit's first booking gives
 * its seconds from the first event. Pure, so the totals' arithmetic is tested without a database.
 */
export function applyBatch(visit: VisitSoFar, events: readonly FunnelEvent[]): VisitAfter {
  const steps = [...visit.steps];
  const counts = new Map<string, DailyChange>();
  const add = (step: string, reached: number, left: number) => {
    const change = counts.get(step) ?? { step, reached: 0, left: 0 };
    counts.set(step, { step, reached: change.reached + reached, left: change.left + left });
  };
  if (visit.isNew) add(VISITS_ROW, 1, 0);
  let lastStep = visit.lastStep;
  let bookedSeconds = visit.bookedSeconds;
  for (const event of events) {
    const step = stepShown(event);
    if (step === null) continue;
    if (!steps.includes(step)) {
      steps.push(step);
      add(step, 1, 0);
    }
    // A booked visit stays booked: the page going back to its start as the patient leaves is not leaving.
    if (bookedSeconds === null) lastStep = step;
    if (step === BOOKED_STEP && bookedSeconds === null)
      bookedSeconds = Math.max(0, Math.round((event.at - visit.firstAt) / 1000));
  }
  if (lastStep !== visit.lastStep) {
    if (visit.lastStep !== null) add(visit.lastStep, 0, -1);
    if (lastStep !== null) add(lastStep, 0, 1);
  }
  const daily = [...counts.values()].filter((change) => change.reached !== 0 || change.left !== 0);
  return { steps, lastStep, bookedSeconds, daily };
}
