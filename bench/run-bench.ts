import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { migrate } from '#server/db/migrate.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import type { Database } from '#server/db/database.ts';
import { CHROMIUM_PATH } from './bench-chromium.ts';
import { onOwnPostgresDatabase } from './bench-postgres.ts';
import { benchBookings, type BookingBenchResult } from './booking-bench.ts';
import { benchBookingOneAtATime, bookingLatencyRows } from './booking-latency-bench.ts';
import { benchReminders, remindersRows, type RemindersBenchResult } from './reminders-bench.ts';
import { benchEventLag, eventLagRows, type EventLagBenchResult } from './event-lag-bench.ts';
import { benchOpenDental, openDentalRows, type OpenDentalBenchResult } from './opendental-bench.ts';
import { bookingRows, demoServerRows, engineRows, slotsRows } from './bench-rows.ts';
import { formatTable, type Row } from './bench-table.ts';
import { benchDemoServer } from './demo-server-bench.ts';
import { benchEngine } from './engine-bench.ts';
import { benchSlots, type SlotsBenchResult } from './slots-bench.ts';

/**
 * `npm run bench`: measures the product against its budgets, prints one table, writes
 * bench/results/latest.json, and exits non-zero naming every budget that was missed. Every
 * figure is a median over rounds, each round measuring a baseline beside it. BENCH_JUDGE=0 (the
 * short form CI runs, see .ci/run) still fails on any failed request but does not judge budgets:
 * figures of one short round on a busy machine say that the bench works, not how fast we are.
 */
const started = performance.now();
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = env('BENCH_ROUNDS', 3);
const IS_JUDGED = process.env.BENCH_JUDGE !== '0';
const SLOTS = { rounds: ROUNDS, seconds: env('BENCH_SECONDS', 4), sequentialCount: env('BENCH_SEQUENTIAL', 100) };
const BOOKINGS = { rounds: ROUNDS, count: env('BENCH_BOOKINGS', 200), concurrency: 10 };

const machine = {
  cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  chromium: execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim(),
};

/** Progress on stderr: the table on stdout stays clean for the README. */
const step = (text: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);

step('slot engine');
const engine = benchEngine(ROUNDS);
const slots: SlotsBenchResult[] = [];
const bookings: BookingBenchResult[] = [];
const bookingsOneAtATime: BookingBenchResult[] = [];
const reminders: RemindersBenchResult[] = [];
const eventLag: EventLagBenchResult[] = [];
const onDatabase = async (db: Database) => {
  await migrate(db);
  step(`slots on ${db.kind}`);
  slots.push(await benchSlots(db, SLOTS));
  step(`bookings on ${db.kind}`);
  bookings.push(await benchBookings(db, BOOKINGS));
  step(`bookings one at a time on ${db.kind}`);
  bookingsOneAtATime.push(
    await benchBookingOneAtATime(db, {
      rounds: ROUNDS,
      count: env('BENCH_BOOKINGS_ONE', Math.min(100, BOOKINGS.count)),
    }),
  );
  step(`reminders on ${db.kind}`);
  reminders.push(await benchReminders(db, env('BENCH_REMINDERS', 1_000)));
  step(`event to subscriber lag on ${db.kind}`);
  eventLag.push(await benchEventLag(db, env('BENCH_EVENT_CHANGES', 200)));
};

// Open Dental's rule is one request a second per office; the short run (.ci/run) sets a faster
// stand-in with BENCH_OD_RPS, and its rows say so. The mirror's cost does not depend on the engine: PGlite only.
let openDental: OpenDentalBenchResult | undefined;
const pglite = await openPgliteDatabase();
try {
  await onDatabase(pglite);
  step(`Open Dental mirror at ${env('BENCH_OD_RPS', 1)} request(s)/s`);
  openDental = await benchOpenDental(pglite, {
    requestsPerSecond: env('BENCH_OD_RPS', 1),
    slotRequests: env('BENCH_OD_SLOT_REQUESTS', 200),
    restMinutes: env('BENCH_OD_REST_MINUTES', 60),
  });
} finally {
  await pglite.close();
}
const url = process.env.TEST_DATABASE_URL;
if (url) {
  await onOwnPostgresDatabase(url, onDatabase);
} else {
  console.warn('TEST_DATABASE_URL is not set: PostgreSQL figures are left out.');
}

step('the demo server: page weight, Lighthouse, interaction, memory');
const demo = await benchDemoServer({
  memorySeconds: env('BENCH_MEMORY_SECONDS', 60),
  interactionRuns: env('BENCH_INTERACTION_RUNS', 5),
  lighthouseRuns: env('BENCH_LIGHTHOUSE_RUNS', 3),
});

const seconds = (performance.now() - started) / 1000;
const rows: Row[] = [
  ...engineRows(engine),
  ...slots.flatMap(slotsRows),
  ...bookings.flatMap(bookingRows),
  ...[...bookingsOneAtATime, ...bookings].flatMap(bookingLatencyRows),
  ...reminders.flatMap(remindersRows),
  ...eventLag.flatMap(eventLagRows),
  ...(openDental ? openDentalRows(openDental) : []),
  ...demoServerRows(demo),
  {
    figure: 'npm run bench, whole run',
    value: `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`,
    budget: '< 10 min',
    ok: seconds < 600,
  },
];

console.log(
  `\nMachine: ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.chromium}. ` +
    `Medians of ${ROUNDS} rounds.\n`,
);
console.log(formatTable(rows));

const results = {
  date: new Date().toISOString(),
  machine,
  seconds,
  engine,
  slots,
  bookings,
  bookingsOneAtATime,
  openDental,
  ...demo,
  rows,
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/latest.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
const missed = rows.filter((r) => r.ok === false);
if (missed.length > 0) {
  console.error(
    `\nBudgets missed${IS_JUDGED ? '' : ' (not judged: BENCH_JUDGE=0)'}:\n` +
      missed.map((r) => `  - ${r.figure}: ${r.value} (budget ${r.budget})`).join('\n'),
  );
  if (IS_JUDGED || missed.some((r) => r.isFailureCount)) process.exit(1);
}
