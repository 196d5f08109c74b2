import type { FunnelEvent } from '#domain/insights/funnel-schemas.ts';
import type { DeviceClass } from '#domain/insights/funnel-words.ts';
import { firstRow, type Queryable } from '../../db/database.ts';

/** A visit as the daily totals see it (ADR 0080): no person, only its steps so far. */
export interface FunnelVisitRow {
  visit_id: string;
  practice_id: string;
  day: string;
  source: string;
  campaign: string;
  first_at: Date;
  steps: string[];
  last_step: string | null;
  booked_seconds: number | null;
}

export interface NewFunnelVisit {
  visitId: string;
  practiceId: string;
  day: string;
  source: string;
  campaign: string;
  device: DeviceClass;
  firstAt: Date;
  now: Date;
}

/**
 * The visit's row, locked until the transaction ends, made first when it is new (`isNew`). Two batches
 * of one visit at once (two processes) take turns here, so each step is counted once.
 */
export async function lockVisit(
  tx: Queryable,
  visit: NewFunnelVisit,
): Promise<{ row: FunnelVisitRow; isNew: boolean }> {
  const inserted = await tx.query(
    `insert into funnel_visits (visit_id, practice_id, day, source, campaign, device, first_at, last_seen_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (visit_id) do nothing returning visit_id`,
    [visit.visitId, visit.practiceId, visit.day, visit.source, visit.campaign, visit.device, visit.firstAt, visit.now],
  );
  const row = await firstRow<FunnelVisitRow>(
    tx,
    `select visit_id, practice_id, day, source, campaign, first_at, steps, last_step, booked_seconds
       from funnel_visits where visit_id = $1 for update`,
    [visit.visitId],
  );
  return { row: { ...row!, first_at: new Date(row!.first_at) }, isNew: inserted.length > 0 };
}

export async function updateVisit(
  tx: Queryable,
  visitId: string,
  change: { steps: string[]; lastStep: string | null; bookedSeconds: number | null; now: Date },
): Promise<void> {
  await tx.query(
    `update funnel_visits set steps = $2, last_step = $3, booked_seconds = $4, last_seen_at = $5 where visit_id = $1`,
    [visitId, change.steps, change.lastStep, change.bookedSeconds, change.now],
  );
}

export async function insertEvents(
  tx: Queryable,
  visit: { practiceId: string; visitId: string },
  events: FunnelEvent[],
  receivedAt: Date,
): Promise<void> {
  await tx.query(
    `insert into funnel_events (practice_id, visit_id, type, step, at, ms, received_at)
     select $1, $2, e.type, e.step, to_timestamp(e.at / 1000.0), e.ms, $3
       from unnest($4::text[], $5::text[], $6::float8[], $7::int[]) as e(type, step, at, ms)`,
    [
      visit.practiceId,
      visit.visitId,
      receivedAt,
      events.map((event) => event.type),
      events.map((event) => event.step ?? null),
      events.map((event) => event.at),
      events.map((event) => event.ms ?? null),
    ],
  );
}

export interface DailyChange {
  step: string;
  reached: number;
  left: number;
}

/** Adds `changes` to the day's totals of the visit's practice, source and campaign. */
export async function addToDailyTotals(
  tx: Queryable,
  key: { practiceId: string; day: string; source: string; campaign: string },
  changes: DailyChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `insert into funnel_daily as d (practice_id, day, source, campaign, step, reached, "left")
     select $1, $2, $3, $4, c.step, c.reached, c."left"
       from unnest($5::text[], $6::int[], $7::int[]) as c(step, reached, "left")
     on conflict (practice_id, day, source, campaign, step) do update set
       reached = d.reached + excluded.reached, "left" = d."left" + excluded."left"`,
    [
      key.practiceId,
      key.day,
      key.source,
      key.campaign,
      changes.map((change) => change.step),
      changes.map((change) => change.reached),
      changes.map((change) => change.left),
    ],
  );
}

/** The funnel sweep: events and visits not heard of since `before` (the daily totals stay). */
export async function deleteFunnelEventsBefore(db: Queryable, before: Date): Promise<number> {
  const events = await db.query('delete from funnel_events where received_at < $1 returning id', [before]);
  await db.query('delete from funnel_visits where last_seen_at < $1', [before]);
  return events.length;
}
