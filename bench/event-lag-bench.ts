import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { createJobWorker, wakeOnQueuedJobs } from '#server/jobs/job-worker.ts';
import { seedBenchPractice } from './bench-practice.ts';
import type { Row } from './bench-table.ts';

export interface EventLagBenchResult {
  database: string;
  changes: number;
  /** Per subscriber: milliseconds from the event's commit to its job done, p50 and p95. */
  lag: { subscriber: string; jobs: number; p50: number; p95: number }[];
}

// Ten at once by default (a burst); BENCH_EVENT_CONCURRENCY=1 shows the lag of a change alone, when no
// burst keeps the worker busy.
const CONCURRENCY = Number(process.env.BENCH_EVENT_CONCURRENCY ?? 10);

/**
 * Event to subscriber lag (ADR 0069): `count` bookings confirmed, ten at a time, while the app's job worker runs as a
 * server's does (woken by each commit that queues a job, polling every second as the fallback); each confirmation
 * writes an event and queues one job per subscriber. The lag of a
 * subscriber is the time from the event to its job being done, as the database records both.
 */
export async function benchEventLag(db: Database, count: number): Promise<EventLagBenchResult> {
  const seed = await seedBenchPractice(db, 'bench-event-lag');
  const starts = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
  const rows = await db.query<{ id: string }>(
    `insert into appointments (practice_id, reason_id, pms_prov_num, pms_op_num, starts_at, ends_at, status, email,
       wireless_phone, language)
     select $1, $2, 6000 + i, 6000 + i, $3::timestamptz, $3::timestamptz + interval '30 minutes', 'booked',
            'lag' || i || '@bench.example', '+1' || (5125560000 + i)::text, 'en'
       from generate_series(1, $4::int) i
     returning id`,
    [seed.practiceId, seed.reasonId, starts, count],
  );
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, logger: false });
  const silent = { warn: () => undefined, error: () => undefined };
  const worker = createJobWorker({ db, clock: app.clock, handlers: app.background.jobHandlers, logger: silent });
  // As main.ts: woken by each commit that queues a job, the one-second poll as the fallback.
  const stopWaking = wakeOnQueuedJobs(db, worker);
  const since = new Date();
  worker.start();
  try {
    const queue = rows.map((row) => row.id);
    const confirmNext = async (): Promise<void> => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        await app.bookingLifecycle.changeStatus(id, 'confirmed', { actor: 'patient' });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, confirmNext));
    const lag = await measureSubscriberLag(db, since);
    return { database: db.kind, changes: count, lag };
  } finally {
    stopWaking();
    await worker.stop();
    await app.close();
  }
}

export type SubscriberLag = EventLagBenchResult['lag'];

/**
 * Per subscriber, the time from each booking event since `since` to its job being done, once every such job is
 * finished (waiting up to a minute); the bench and the load soak read the same figure.
 */
export async function measureSubscriberLag(db: Database, since: Date): Promise<SubscriberLag> {
  const ofEvents = `from jobs j join booking_events e on e.id = (j.payload ->> 'eventId')::uuid
      where j.type like 'booking-event:%' and e.booking_id is not null and e.created_at >= $1`;
  for (let waited = 0; waited < 60_000; waited += 200) {
    const [left] = await db.query<{ n: number }>(`select count(*)::int as n ${ofEvents} and j.status <> 'done'`, [
      since,
    ]);
    if (left!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const lagMs = 'extract(epoch from j.updated_at - e.created_at) * 1000';
  return db.query<SubscriberLag[number]>(
    `select substr(j.type, length('booking-event:') + 1) as subscriber, count(*)::int as jobs,
            percentile_cont(0.5) within group (order by ${lagMs})::float as p50,
            percentile_cont(0.95) within group (order by ${lagMs})::float as p95
       ${ofEvents} and j.status = 'done' group by j.type order by j.type`,
    [since],
  );
}

export function eventLagRows(r: EventLagBenchResult): Row[] {
  return r.lag.map((l) => ({
    figure:
      `event to subscriber "${l.subscriber}" on ${r.database}: ` + `${r.changes} confirmations, ${CONCURRENCY} at once`,
    value: `p50 ${Math.round(l.p50)} ms, p95 ${Math.round(l.p95)} ms (${l.jobs} jobs)`,
    // The worker is woken on commit and takes ten jobs a pass: under load a change waits a few passes.
    budget: 'p95 < 5 s, every event acted on',
    ok: l.p95 < 5_000 && l.jobs === r.changes,
  }));
}
