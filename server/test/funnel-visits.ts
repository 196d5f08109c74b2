import type { FastifyInstance } from 'fastify';
import type { FunnelBatch, FunnelEvent } from '#domain/insights/funnel-schemas.ts';
import { FUNNEL_STEPS, type FunnelStep } from '#domain/insights/funnel-words.ts';

/** A single-clinic practice's screens in order, as the booking page walks them (ADR 0080). */
export const WALK: readonly FunnelStep[] = FUNNEL_STEPS.filter((step) => step !== 'location');

/** The funnel's `steps` as the API answers them, from [reached, left] per step in FUNNEL_STEPS' order. */
export function stepsOf(counts: readonly (readonly [reached: number, left: number])[]) {
  return FUNNEL_STEPS.map((step, i) => ({ step, reached: counts[i]![0], left: counts[i]![1] }));
}

export interface ScriptedVisit {
  /** How many screens of WALK the visit shows (1: page 1 only; WALK.length: booked). */
  screens: number;
  source?: string;
  campaign?: string;
  /** Back by one screen from the last one before leaving (never after booking). */
  goesBack?: boolean;
  secondsPerStep?: number;
}

/**
 * The beacons a visit sends: one batch per screen, as the booking page flushes on each step change (ADR 0080). The
 * slot and code events ride with the screen they lead to.
 */
export function batchesOf(practiceId: string, visit: ScriptedVisit, startMs: number): FunnelBatch[] {
  const visitId = crypto.randomUUID();
  const stepMs = (visit.secondsPerStep ?? 20) * 1000;
  const shown = WALK.slice(0, visit.screens);
  const screens: FunnelEvent[][] = shown.map((step, i) => {
    const at = startMs + i * stepMs;
    const ms = i === 0 ? undefined : stepMs;
    if (i === 0) return [{ type: 'page_shown', step, at }];
    if (step === 'booked') return [{ type: 'booked', step, at, ms }];
    const actions: FunnelEvent[] = [];
    if (step === 'contact') actions.push({ type: 'slot_taken', at: at - 1, ms: stepMs - 1 });
    if (step === 'verify') actions.push({ type: 'code_sent', at: at + 1 });
    return [...actions, { type: 'step_reached', step, at, ms }];
  });
  if (visit.goesBack && visit.screens > 1 && shown.at(-1) !== 'booked') {
    const at = startMs + visit.screens * stepMs;
    screens.push([{ type: 'step_back', step: shown.at(-2)!, at, ms: stepMs }]);
  }
  const tracking = { source: visit.source, campaign: visit.campaign };
  return screens.map((events) => ({
    visit_id: visitId,
    practice_id: practiceId,
    device: 'phone' as const,
    ...tracking,
    events,
  }));
}

export function postEvents(app: FastifyInstance, batch: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/events', payload: batch as object });
}

/** Sends every batch of every visit in order; throws on the first answer that is not 204. */
export async function sendVisits(app: FastifyInstance, practiceId: string, visits: ScriptedVisit[], startMs: number) {
  for (const [i, visit] of visits.entries()) {
    for (const batch of batchesOf(practiceId, visit, startMs + i * 1000)) {
      const answer = await postEvents(app, batch);
      if (answer.statusCode !== 204) throw new Error(`batch refused: ${answer.statusCode} ${answer.body}`);
    }
  }
}
