import { mkdir, writeFile } from 'node:fs/promises';
import { migrate } from '#server/db/migrate.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';
import { adminQuery, withDatabase } from '#server/test/api-global-setup.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '#server/test/server-process.ts';
import { benchBookings, type BookingBenchResult } from './booking-bench.ts';
import { benchMemory, type MemoryResult } from './memory-bench.ts';
import { benchLighthouse, type LighthouseResult } from './lighthouse-bench.ts';
import { measurePageWeights, type PageWeight } from './page-weight-bench.ts';
import { benchEngine, benchSlots, type SlotsBenchResult } from './slots-bench.ts';

/**
 * `npm run bench`: measures the product against its budgets, prints one table, writes
 * bench/results/latest.json, and exits non-zero naming every budget that was missed.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const rows: { figure: string; value: string; budget: string; ok: boolean }[] = [];
const ms = (n: number) => `${n.toFixed(2)} ms`;

const engine = benchEngine();
rows.push({ figure: 'slot engine, 31 days (p50 / p95)', value: `${ms(engine.p50)} / ${ms(engine.p95)}`, budget: 'median < 5 ms', ok: engine.p50 < 5 });

const slotResults: SlotsBenchResult[] = [];
const bookingResults: BookingBenchResult[] = [];
const BOOKINGS = { count: Number(process.env.BENCH_BOOKINGS ?? 200), concurrency: 10 };
const pglite = await openPgliteDatabase();
await migrate(pglite);
slotResults.push(await benchSlots(pglite, { seconds: SECONDS }));
bookingResults.push(await benchBookings(pglite, BOOKINGS));
await pglite.close();

const url = process.env.TEST_DATABASE_URL;
if (url) {
  const name = `bench_${process.pid}_${Date.now()}`;
  await adminQuery(url, `create database ${name}`);
  const db = openPostgresDatabase(withDatabase(url, name));
  try {
    await migrate(db);
    slotResults.push(await benchSlots(db, { seconds: SECONDS }));
    bookingResults.push(await benchBookings(db, BOOKINGS));
  } finally {
    await db.close();
    await adminQuery(url, `drop database if exists ${name} with (force)`);
  }
}

for (const r of slotResults) {
  rows.push({
    figure: `slots uncached on ${r.database} (p50 / p95 / p99)`,
    value: `${ms(r.uncached.p50)} / ${ms(r.uncached.p95)} / ${ms(r.uncached.p99)}`,
    budget: 'p95 <= 25 ms',
    ok: r.uncached.p95 <= 25,
  });
  rows.push({
    figure: `slots cached on ${r.database} vs trivial endpoint (req/s, 20 connections)`,
    value: `${r.cachedRps.toFixed(0)} vs ${r.trivialRps.toFixed(0)} = ${(r.ratio * 100).toFixed(0)}%`,
    budget: '>= 50%',
    ok: r.ratio >= 0.5,
  });
}

// The real server process on the demo practices: page weight and memory under load.
const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
const adminKey = 'bench-admin-key-0123456789abcdef';
const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_API_KEY: adminKey, LOG_LEVEL: 'error' });
let weights: PageWeight[] = [];
let memory: MemoryResult | undefined;
let audits: LighthouseResult[] = [];
try {
  const form = (await (await fetch(`${server.base}/api/v1/form/bright-smile`)).json()).result;
  const review = await (
    await fetch(`${server.base}/api/v1/admin/review-requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ form_url: 'bright-smile', patient_first_name: 'Bench', patient_last_name: 'Patient' }),
    })
  ).json();
  weights = await measurePageWeights(server.base, [
    { page: '/bright-smile', path: '/bright-smile', ready: 'Please select patient type' },
    { page: 'review page', path: new URL(review.result.review_url).pathname, ready: 'Thank you for choosing us' },
    { page: 'feedback page', path: `/review/feedback?requestId=${review.result.request_id}`, ready: 'Feedback Form' },
  ]);
  audits = await benchLighthouse([
    { page: '/bright-smile', url: `${server.base}/bright-smile` },
    { page: 'review page', url: `${server.base}${new URL(review.result.review_url).pathname}` },
  ]);
  const reasons = (await (await fetch(`${server.base}/api/v1/reason-for-visit?practice_id=${form.id}`)).json()).result;
  const today = new Date().toISOString().slice(0, 10);
  const monthAhead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  memory = await benchMemory(server.base, server.child.pid!, [
    '/api/v1/form/bright-smile',
    `/api/v1/reason-for-visit?practice_id=${form.id}`,
    `/api/v1/appointment/slots?practice_id=${form.id}&reason_for_visit_id=${reasons[0].id}&start_date=${today}&end_date=${monthAhead}`,
    '/api/v1/health',
    '/bright-smile',
  ], Number(process.env.BENCH_MEMORY_SECONDS ?? 60));
} finally {
  await server.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
for (const w of weights) {
  const isBookingPage = w.page === '/bright-smile';
  rows.push({
    figure: `page weight ${w.page} (JS / CSS / HTML, compressed)`,
    value: `${kb(w.scriptBytes)} / ${kb(w.styleBytes)} / ${kb(w.htmlBytes)} = ${kb(w.totalBytes)}`,
    budget: isBookingPage ? 'JS <= 120 KB, all <= 160 KB' : 'all <= 160 KB',
    ok: w.totalBytes <= 160_000 && (!isBookingPage || w.scriptBytes <= 120_000),
  });
}
for (const a of audits) {
  rows.push({
    figure: `Lighthouse ${a.page} (perf / a11y / best practices / SEO)`,
    value: `${a.performance} / ${a.accessibility} / ${a.bestPractices} / ${a.seo}; LCP ${a.lcpMs.toFixed(0)} ms, TBT ${a.tbtMs.toFixed(0)} ms, CLS ${a.cls.toFixed(3)}`,
    budget: '>= 95 / 100 / 95 / 95',
    ok: a.performance >= 95 && a.accessibility === 100 && a.bestPractices >= 95 && a.seo >= 95,
  });
}
if (memory) {
  const noise = Math.max(8, memory.afterFirstMinuteMb * 0.05);
  rows.push({
    figure: 'server memory (after start / 1st minute / 2nd minute of load)',
    value: `${memory.afterStartMb.toFixed(0)} / ${memory.afterFirstMinuteMb.toFixed(0)} / ${memory.afterSecondMinuteMb.toFixed(0)} MB`,
    budget: `growth <= ${noise.toFixed(0)} MB`,
    ok: memory.growthMb <= noise,
  });
}

for (const r of bookingResults) {
  rows.push({
    figure: `booking creation on ${r.database}, ${r.bookings} at ${r.concurrency} concurrent (p50 / p95 / p99)`,
    value: `${ms(r.latency.p50)} / ${ms(r.latency.p95)} / ${ms(r.latency.p99)}, ${r.errors} errors`,
    budget: 'no errors',
    ok: r.errors === 0,
  });
}

const width = (key: 'figure' | 'value' | 'budget') => Math.max(key.length, ...rows.map((r) => r[key].length));
const line = (r: { figure: string; value: string; budget: string; ok: string | boolean }) =>
  `| ${r.figure.padEnd(width('figure'))} | ${r.value.padEnd(width('value'))} | ${r.budget.padEnd(width('budget'))} | ${String(r.ok === true ? 'ok' : r.ok === false ? 'MISSED' : r.ok).padEnd(6)} |`;
console.log(`\n${line({ figure: 'figure', value: 'value', budget: 'budget', ok: 'result' })}`);
console.log(`|${'-'.repeat(width('figure') + 2)}|${'-'.repeat(width('value') + 2)}|${'-'.repeat(width('budget') + 2)}|--------|`);
rows.forEach((r) => console.log(line(r)));

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/latest.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, engine, slots: slotResults, bookings: bookingResults, pageWeights: weights, lighthouse: audits, memory, rows }, null, 2)}\n`,
);
const missed = rows.filter((r) => !r.ok);
if (missed.length > 0) {
  console.error(`\nBudgets missed:\n${missed.map((r) => `  - ${r.figure}: ${r.value} (budget ${r.budget})`).join('\n')}`);
  process.exit(1);
}
