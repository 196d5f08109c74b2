import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { fixedClock } from '#server/test/test-app.ts';
import { seedBenchPractice } from './bench-practice.ts';
import { BROWSER_HEADERS, listenOnLoopback, loadTest, sequentialLatency, type LoadResult } from './load-test.ts';
import { median, medianSummary, type LatencySummary } from './measure.ts';
import { slotsPath } from './slots-path.ts';

/** Latency percentiles and requests per second at some number of connections, medians over rounds. */
export interface LoadFigures {
  latency: LatencySummary;
  requestsPerSecond: number;
}

export interface SlotsBenchResult {
  database: string;
  rounds: number;
  /** One request at a time, so latency without queueing: the figure the p95 budget is about. */
  sequential: { uncached: LatencySummary; trivial: LatencySummary };
  /** 20 connections: the trivial endpoint is the baseline for both slot figures. */
  concurrent: { connections: number; uncached: LoadFigures; cached: LoadFigures; trivial: LoadFigures };
}

const CONNECTIONS = 20;
// Under /api/ like the slots: any other GET is a page, and a page asked for at another address than
// PUBLIC_URL's (the bench listens on 127.0.0.1 and a random port) is redirected there (ADR 0023).
const TRIVIAL_PATH = '/api/v1/bench/trivial';

async function listen(app: FastifyInstance): Promise<string> {
  // The baseline: the cheapest JSON answer this server can give, through the same plugins and hooks.
  app.get(TRIVIAL_PATH, async () => ({ success: true, result: 'ok' }));
  return listenOnLoopback(app);
}

const medianLoad = (runs: LoadResult[]): LoadFigures => ({
  latency: medianSummary(runs.map((run) => run.latency)),
  requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
});

/**
 * Slots of the bench practice over 31 days, with the slot cache off (uncached) and on (cached),
 * each next to the trivial endpoint of the same server. Every round measures all of them in
 * turn, so a neighbour's load that slows one round slows the baseline with it.
 */
export async function benchSlots(
  db: Database,
  options: { rounds: number; seconds: number; sequentialCount: number },
): Promise<SlotsBenchResult> {
  const seed = await seedBenchPractice(db);
  const clock = fixedClock(seed.now);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000' });
  const path = slotsPath(seed);
  const uncachedApp = await buildApp({ config, db, clock, logger: false, slotCacheTtlMs: 0 });
  const cachedApp = await buildApp({ config, db, clock, logger: false });
  try {
    const uncachedBase = await listen(uncachedApp);
    const cachedBase = await listen(cachedApp);
    const load = (url: string) =>
      loadTest({ url, connections: CONNECTIONS, seconds: options.seconds, headers: BROWSER_HEADERS });
    const runs = {
      seqUncached: [] as LatencySummary[],
      seqTrivial: [] as LatencySummary[],
      uncached: [] as LoadResult[],
      cached: [] as LoadResult[],
      trivial: [] as LoadResult[],
    };
    for (let round = 0; round < options.rounds; round++) {
      runs.seqTrivial.push(await sequentialLatency(`${uncachedBase}${TRIVIAL_PATH}`, options.sequentialCount));
      runs.seqUncached.push(await sequentialLatency(`${uncachedBase}${path}`, options.sequentialCount));
      runs.trivial.push(await load(`${cachedBase}${TRIVIAL_PATH}`));
      runs.cached.push(await load(`${cachedBase}${path}`));
      runs.uncached.push(await load(`${uncachedBase}${path}`));
    }
    return {
      database: db.kind,
      rounds: options.rounds,
      sequential: { uncached: medianSummary(runs.seqUncached), trivial: medianSummary(runs.seqTrivial) },
      concurrent: {
        connections: CONNECTIONS,
        uncached: medianLoad(runs.uncached),
        cached: medianLoad(runs.cached),
        trivial: medianLoad(runs.trivial),
      },
    };
  } finally {
    await uncachedApp.close();
    await cachedApp.close();
  }
}
