import { pathToFileURL } from 'node:url';
import type { Database } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { onOwnPostgresDatabase } from './bench-postgres.ts';
import { formatTable, ms, times, type Row } from './bench-table.ts';
import { benchBookings, type BookingBenchResult } from './booking-bench.ts';

/** ADR 0078: a patient's booking answers within these, measured from outside like the browser sees it. */
export const BOOKING_ONE_AT_A_TIME_P95_MS = 25;
export const BOOKING_TEN_CONCURRENT_P95_MS = 60;

/** `POST appointment` one request at a time: every booking a distinct patient at a free slot. */
export function benchBookingOneAtATime(db: Database, options: { rounds: number; count: number }) {
  return benchBookings(db, { ...options, concurrency: 1, hasMoves: false });
}

export function bookingLatencyRows(r: BookingBenchResult): Row[] {
  const { p50, p95 } = r.latency;
  const isOneAtATime = r.concurrency === 1;
  // At 10 concurrent PGlite queues every request behind one connection: only PostgreSQL is judged there.
  const budget = isOneAtATime
    ? BOOKING_ONE_AT_A_TIME_P95_MS
    : r.database === 'postgres'
      ? BOOKING_TEN_CONCURRENT_P95_MS
      : null;
  return [
    {
      figure:
        `POST appointment on ${r.database}, ` +
        `${isOneAtATime ? `${r.bookings} one at a time` : `${r.bookings} at ${r.concurrency} concurrent`} (p50 / p95)`,
      value: `${ms(p50, 1)} / ${ms(p95, 1)}; p95 = ${times(p95, r.trivial.p95)} trivial POST (${ms(r.trivial.p95, 1)})`,
      budget: budget === null ? 'none (one connection)' : `p95 <= ${budget} ms`,
      ok: budget === null ? null : p95 <= budget,
    },
  ];
}

/**
 * `npx tsx bench/booking-latency-bench.ts`: the booking rows alone (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set, in a database of its own), without the rest of `npm run bench`.
 */
async function main() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const count = Number(process.env.BENCH_BOOKINGS ?? 100);
  const rows: Row[] = [];
  const measure = async (db: Database) => {
    await migrate(db);
    rows.push(...bookingLatencyRows(await benchBookingOneAtATime(db, { rounds, count })));
    rows.push(...bookingLatencyRows(await benchBookings(db, { rounds, count, concurrency: 10, hasMoves: false })));
  };
  const pglite = await openPgliteDatabase();
  try {
    await measure(pglite);
  } finally {
    await pglite.close();
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) await onOwnPostgresDatabase(url, measure);
  console.log(formatTable(rows));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
