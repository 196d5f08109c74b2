import type { FunnelBatch } from '#domain/insights/funnel-schemas.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import {
  addToDailyTotals,
  deleteFunnelEventsBefore,
  insertEvents,
  lockVisit,
  updateVisit,
} from './funnel-events-repository.ts';
import { applyBatch } from './funnel-visit-rules.ts';

/** Raw events are kept 13 months (ADR 0080): a year on year comparison, and no longer. */
export const FUNNEL_EVENTS_KEPT_MONTHS = 13;

export interface FunnelEventsDeps {
  db: Database;
  clock: Clock;
  practices: PracticesService;
}

/**
 * Records a batch of the booking page's step events: the raw events, the visit's steps so far and the daily totals,
 * in one transaction. A visit belongs to the practice of its first batch; another practice's batch for it is refused.
 */
export async function recordFunnelBatch(deps: FunnelEventsDeps, batch: FunnelBatch): Promise<void> {
  const practice = await deps.practices.requirePractice(batch.practice_id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { row, isNew } = await lockVisit(tx, {
      visitId: batch.visit_id,
      practiceId: practice.id,
      // The practice's day of the visit's first batch: the server's clock, not the browser's.
      day: localDateOf(now, practice.server_tz),
      source: batch.source ?? '',
      campaign: batch.campaign ?? '',
      device: batch.device,
      firstAt: new Date(Math.min(...batch.events.map((event) => event.at))),
      now,
    });
    if (row.practice_id !== practice.id)
      // not patient-facing: the page's beacon reads no answer (ADR 0080)
      throw AppError.badRequest('This visit belongs to another practice.', {
        practice_id: 'not the visit’s practice',
      });
    const after = applyBatch(
      {
        isNew,
        firstAt: row.first_at.getTime(),
        steps: row.steps,
        lastStep: row.last_step,
        bookedSeconds: row.booked_seconds,
      },
      batch.events,
    );
    await insertEvents(tx, { practiceId: practice.id, visitId: batch.visit_id }, batch.events, now);
    await updateVisit(tx, batch.visit_id, { ...after, now });
    await addToDailyTotals(
      tx,
      { practiceId: practice.id, day: row.day, source: row.source, campaign: row.campaign },
      after.daily,
    );
  });
}

/** The funnel sweep: deletes events (and visits) older than 13 months; returns how many events. */
export function sweepFunnelEvents(db: Database, now: Date): Promise<number> {
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - FUNNEL_EVENTS_KEPT_MONTHS);
  return deleteFunnelEventsBefore(db, before);
}
