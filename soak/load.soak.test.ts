import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '#server/test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts';
import { expectBookingsIntact, waitForMessagesToSettle } from './support/booking-invariants.ts';
import { createHttpClient } from './support/http-client.ts';
import { printLoadReport } from './support/load-summary.ts';
import { measureSubscriberLag } from '../bench/event-lag-bench.ts';
import { MEMORY_GROWTH_LIMIT_MB } from '../bench/memory-bench.ts';
import { sampleMemory } from '../bench/memory-sampler.ts';
import { runMixedLoad } from './support/mixed-load.ts';
import { importSoakPractices, loadPracticeConfigs, type SoakPractice } from './support/soak-practices.ts';
import { report, soakSettings } from './support/soak-settings.ts';

/**
 * Load: mixed traffic (form, reasons, clinics, slots, patient check, bot challenge, booking, code
 * by e-mail and its check, verified booking) at 50 connections for five minutes, against one
 * server process on PostgreSQL. Per-IP limits are lifted with RATE_LIMIT_MULTIPLIER (one address
 * sends everything); per-recipient code limits are not, so every code goes to a new address.
 *
 * Memory: the server's resident memory is sampled every second and the run cut into windows of
 * a minute (at full length; see bench/memory-sampler.ts). Each window is judged by its floor,
 * the level RSS falls back to after a major garbage collection, because the sawtooth between
 * collections is 30–40 MB tall. No later window's floor may exceed the floor of the first
 * window's second half (the first half warms up JIT, pools and caches) by more than
 * MEMORY_GROWTH_LIMIT_MB. Calibration runs on this machine: floors rose 20–25 MB over the first
 * three minutes and then flattened, or fell by up to 60 MB as V8 gave memory back; a leak of 10 MB a
 * minute (about 2 KB per request at 100 requests a second) fails the five-minute run.
 */
const settings = soakSettings();
let testDb: TestDatabase;
let server: ServerProcess;
let practices: Record<string, SoakPractice>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  practices = await importSoakPractices(testDb.db, ...loadPracticeConfigs());
  server = await startServerProcess({ DATABASE_URL: testDb.url! }, { captureOutput: true });
});
afterAll(async () => {
  await server?.kill();
  await testDb?.destroy();
});

async function codeFromOutbox(recipient: string): Promise<string | null> {
  const [row] = await testDb.db.query<{ text: string }>(
    'select text from outbox_messages where recipient = $1 order by seq desc limit 1',
    [recipient],
  );
  return row ? (/verification code is (\d{6})/.exec(row.text)?.[1] ?? null) : null;
}

describe('load', () => {
  it(`${settings.loadSeconds} s of mixed traffic: no 5xx or double booking, all 2xx stored, memory flat`, async () => {
    const client = createHttpClient({ connections: settings.connections });
    const mixedLoad = (seconds: number, tag: string) =>
      runMixedLoad({
        client,
        bases: [server.base],
        open: practices['soak-open']!,
        verify: practices['soak-verify']!,
        connections: settings.connections,
        durationMs: seconds * 1000,
        tag: `${tag}${Date.now()}`,
        readCode: codeFromOutbox,
      });
    const warmup = settings.loadWarmupSeconds > 0 ? await mixedLoad(settings.loadWarmupSeconds, 'warm') : null;
    const memory = sampleMemory(server.child.pid!);
    const loadStarted = new Date();
    const load = await mixedLoad(settings.loadSeconds, 'load');
    memory.stop();
    client.close();

    const { p99 } = printLoadReport('load', load);
    const windows = memory.windows(load.seconds * 1000);
    report(
      'load memory (RSS floor per window)',
      `${windows.seconds.toFixed(0)}-s windows: first ${windows.baselineMb.toFixed(0)} MB, later ` +
        `${windows.laterMb.map((mb) => mb.toFixed(0)).join(' / ')} MB, growth ` +
        `${windows.growthMb.toFixed(1)} MB (limit ${MEMORY_GROWTH_LIMIT_MB}), peak ` +
        `${windows.peakMb.toFixed(0)} MB`,
    );

    expect(warmup?.unexpected ?? [], 'unexpected answers in the warm-up').toEqual([]);
    expect(
      load.unexpected,
      `${load.unexpectedCount} unexpected answers; server output:\n${server.output().slice(-3_000)}`,
    ).toEqual([]);
    expect(load.codesNotDelivered).toBe(0);
    expect(load.bookings.length).toBeGreaterThan(settings.loadSeconds);
    // Every message the load caused goes out: confirmations and notifications land in the outbox.
    const jobs = await waitForMessagesToSettle(testDb.db, 120_000);
    await expectBookingsIntact(testDb.db, [...(warmup?.bookings ?? []), ...load.bookings]);
    const [lost] = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from appointments a where a.status = 'booked'
         and not exists (select 1 from outbox_messages m where m.idempotency_key = 'email:booking-confirmation:' ||
         a.id)`,
    );
    report(
      'load messages',
      `${JSON.stringify(jobs)} message jobs; bookings without a delivered confirmation: ${lost!.n}`,
    );
    expect(jobs).toEqual({ done: expect.any(Number) });
    expect(lost!.n).toBe(0);

    // Each booking's event reached every subscriber (ADR 0069): the time from its commit to the subscriber's job done.
    const lag = await measureSubscriberLag(testDb.db, loadStarted);
    report(
      'load event to subscriber lag',
      lag
        .map((l) => `${l.subscriber}: p50 ${Math.round(l.p50)} ms, p95 ${Math.round(l.p95)} ms (${l.jobs})`)
        .join('; '),
    );
    expect(lag.map((l) => l.subscriber)).toEqual(['confirmation', 'opendental', 'reminders']);
    for (const l of lag) expect(l.jobs).toBeGreaterThanOrEqual(load.bookings.length);

    expect(Number.isFinite(p99)).toBe(true);
    expect(windows.growthMb).toBeLessThanOrEqual(MEMORY_GROWTH_LIMIT_MB);
  });
});
