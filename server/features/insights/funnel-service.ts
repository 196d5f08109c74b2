import type { Funnel, FunnelQuery } from '#domain/insights/funnel-schemas.ts';
import { FUNNEL_STEPS, type FunnelStep } from '#domain/insights/funnel-words.ts';
import type { Queryable } from '../../db/database.ts';
import {
  bookingsByProvider,
  bookingsByReason,
  bookingsByWeekday,
  medianSecondsToBook,
  sourceTotals,
  stepTotals,
  type FunnelFilter,
} from './funnel-repository.ts';
import { BOOKED_STEP, VISITS_ROW } from './funnel-visit-rules.ts';

/**
 * The console's funnel for a period (ADR 0080): from the daily totals (visits, steps, sources), the visits' rows (the
 * median time to book) and the bookings themselves (per reason, provider and weekday).
 */
export async function readFunnel(
  db: Queryable,
  query: FunnelQuery,
  practice: { id: string; timeZone: string; from: Date; to: Date },
): Promise<Funnel> {
  const filter: FunnelFilter = {
    practiceId: practice.id,
    fromDay: query.from,
    toDay: query.to,
    source: query.source,
    campaign: query.campaign,
  };
  const period = { practiceId: practice.id, from: practice.from, to: practice.to, timeZone: practice.timeZone };
  const [totals, sources, median, byReason, byProvider, byWeekday] = await Promise.all([
    stepTotals(db, filter),
    sourceTotals(db, filter),
    medianSecondsToBook(db, filter),
    bookingsByReason(db, period),
    bookingsByProvider(db, period),
    bookingsByWeekday(db, period),
  ]);
  const of = (step: string) => totals.find((row) => row.step === step) ?? { reached: 0, left: 0 };
  const visits = of(VISITS_ROW).reached;
  const booked = of(BOOKED_STEP).reached;
  // A booked visit did not leave: the last screen of a booking is not a step patients give up on.
  const steps = FUNNEL_STEPS.map((step) => ({
    step,
    reached: of(step).reached,
    left: step === BOOKED_STEP ? 0 : of(step).left,
  }));
  return {
    from: query.from,
    to: query.to,
    visits,
    steps,
    booked,
    conversion: visits === 0 ? 0 : Math.min(1, booked / visits),
    median_seconds_to_book: median,
    last_step_before_leaving: mostLeft(steps),
    by_source: sources.map((row) => ({
      source: row.source || null,
      campaign: row.campaign || null,
      visits: row.visits,
      booked: row.booked,
    })),
    bookings: { by_reason: byReason, by_provider: byProvider, by_weekday: byWeekday },
  };
}

/** The step most visits left on (the earlier step on a tie); null when nobody left. */
function mostLeft(steps: { step: FunnelStep; left: number }[]): FunnelStep | null {
  let most: { step: FunnelStep; left: number } | null = null;
  for (const step of steps) if (step.left > (most?.left ?? 0)) most = step;
  return most?.step ?? null;
}
