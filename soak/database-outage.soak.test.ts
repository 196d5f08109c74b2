import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';
import { adminQuery } from '#server/test/api-global-setup.ts';
import { startServerProcess, type ServerProcess } from '#server/test/server-process.ts';
import { summarise } from '../bench/measure.ts';
import { missingBookings, overlappingPairs } from './support/booking-invariants.ts';
import { createHttpClient } from './support/http-client.ts';
import { runMixedLoad } from './support/mixed-load.ts';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.ts';
import { importSoakPractices, loadPracticeConfigs, type SoakPractice } from './support/soak-practices.ts';
import { report, soakSettings } from './support/soak-settings.ts';

/**
 * Database outage: a private PostgreSQL cluster is stopped (fast shutdown) under mixed load and
 * started again after SOAK_DB_DOWN_SECONDS. While it is down, every request is answered within
 * FAIL_FAST_MS, either from the process's caches (200) or with 503 SERVICE_UNAVAILABLE and a
 * message asking to try again; never a 500, never a dropped connection. Once it accepts
 * connections again the same process serves normally within RECOVERY_MS, with no restart.
 */
const FAIL_FAST_MS = 2_000;
const RECOVERY_MS = 10_000;
const CONNECTIONS = 10;
const settings = soakSettings();
let cluster: PrivatePostgres;
let db: Database;
let server: ServerProcess;
let practices: Record<string, SoakPractice>;

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  await adminQuery(cluster.url(), 'create database soak');
  db = openPostgresDatabase(cluster.url('soak'), { max: 2 });
  await migrate(db);
  practices = await importSoakPractices(db, ...loadPracticeConfigs());
  server = await startServerProcess({ DATABASE_URL: cluster.url('soak') }, { captureOutput: true });
});
afterAll(async () => {
  await server?.kill();
  await db?.close();
  await cluster?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seen {
  kind: string;
  startedAt: number;
  endedAt: number;
  ms: number;
  status: number | null;
  code?: string;
  message?: string;
  error: string | null;
}

describe('database outage', () => {
  it(`PostgreSQL down: 503 in ${FAIL_FAST_MS} ms, healthy ${RECOVERY_MS} ms after it is back, no restart`, async () => {
    const client = createHttpClient({ connections: CONNECTIONS + 1 });
    const seen: Seen[] = [];
    const note = (
      kind: string,
      outcome: { startedAt: number; ms: number; status: number | null; body: unknown; error: string | null },
    ) => {
      const body = (outcome.body ?? {}) as { code?: string; message?: string };
      seen.push({
        kind,
        startedAt: outcome.startedAt,
        endedAt: outcome.startedAt + outcome.ms,
        ms: outcome.ms,
        status: outcome.status,
        code: body.code,
        message: body.message,
        error: outcome.error,
      });
    };
    let isDone = false;
    const loading = runMixedLoad({
      client,
      bases: [server.base],
      open: practices['soak-open']!,
      verify: practices['soak-verify']!,
      connections: CONNECTIONS,
      durationMs: 10 * 60_000,
      tag: `outage${Date.now()}`,
      isDone: () => isDone,
      onOutcome: note,
      readCode: async (recipient) => {
        const [row] = await db.query<{ text: string }>(
          'select text from outbox_messages where recipient = $1 order by seq desc limit 1',
          [recipient],
        );
        return row ? (/verification code is (\d{6})/.exec(row.text)?.[1] ?? null) : null;
      },
    });
    const polling = (async () => {
      while (!isDone) {
        note('health', await client.get(`${server.base}/api/v1/health`));
        await sleep(200);
      }
    })();

    await sleep(5_000);
    const stopping = Date.now();
    await cluster.stop();
    const downFrom = Date.now();
    await sleep(settings.databaseDownSeconds * 1_000);
    const downUntil = Date.now();
    await cluster.start();
    const upAt = Date.now();
    let recoveredAt = 0;
    for (let i = 0; i < 150 && !recoveredAt; i++) {
      await sleep(100);
      recoveredAt = seen.find((s) => s.kind === 'health' && s.startedAt >= upAt && s.status === 200)?.startedAt ?? 0;
    }
    await sleep(5_000);
    isDone = true;
    const load = await loading;
    await polling;
    client.close();

    const during = seen.filter((s) => s.startedAt >= downFrom && s.endedAt <= downUntil);
    const refused = during.filter((s) => s.status === 503);
    const cached = during.filter((s) => s.status === 200);
    const failFast = summarise(during.map((s) => s.ms));
    report(
      'database outage fail-fast',
      `${during.length} requests while down: ${refused.length} × 503, ${cached.length} × 200 from ` +
        `caches; p99 ${failFast.p99.toFixed(0)} ms, max ` +
        `${Math.max(...during.map((s) => s.ms)).toFixed(0)} ms (bound ${FAIL_FAST_MS} ms); stop took ` +
        `${downFrom - stopping} ms`,
    );
    report(
      'database outage recovery',
      `healthy ${recoveredAt ? recoveredAt - upAt : 'never'} ms after PostgreSQL accepted connections ` +
        `again (bound ${RECOVERY_MS} ms); ${load.bookings.length} bookings acknowledged in the run`,
    );

    const output = server.output().slice(-3_000);
    expect(
      seen.filter((s) => s.status === null || (s.status >= 500 && s.status !== 503)),
      output,
    ).toEqual([]);
    expect(during.filter((s) => s.status !== 503 && s.status !== 200)).toEqual([]);
    expect(
      refused.filter(
        (s) => s.code !== 'SERVICE_UNAVAILABLE' || !/unavailable|unreachable|try again/i.test(s.message ?? ''),
      ),
    ).toEqual([]);
    expect(
      refused.some((s) => s.kind === 'health') && refused.some((s) => s.kind === 'book' || s.kind === 'slots'),
    ).toBe(true);
    expect(during.filter((s) => s.ms >= FAIL_FAST_MS)).toEqual([]);

    expect(recoveredAt, output).toBeGreaterThan(0);
    expect(recoveredAt - upAt).toBeLessThan(RECOVERY_MS);
    // Before the stop and after recovery the service is whole again: nothing but expected answers.
    const healthy = seen.filter((s) => s.endedAt < stopping || s.startedAt >= recoveredAt);
    expect(healthy.filter((s) => s.status === 503)).toEqual([]);
    expect(seen.some((s) => s.kind === 'book' && s.status === 201 && s.startedAt >= recoveredAt)).toBe(true);
    expect(await missingBookings(db, load.bookings)).toEqual([]);
    expect(await overlappingPairs(db)).toBe(0);
  });
});
