import type { FastifyInstance } from 'fastify';
import { generateSlots } from '#domain/availability/slot-engine.ts';
import { buildBenchSlotQuery } from '#domain/availability/slot-engine.bench-data.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { fixedClock } from '#server/test/test-app.ts';
import { seedBenchPractice } from './bench-practice.ts';
import { sequentialLatency, summarise, throughput, type LatencySummary } from './measure.ts';

export interface SlotsBenchResult {
  database: string;
  uncached: LatencySummary;
  cachedRps: number;
  trivialRps: number;
  ratio: number;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** Slots for the bench practice over 31 days: uncached latency, cached and trivial throughput. */
export async function benchSlots(db: Database, options: { seconds: number }): Promise<SlotsBenchResult> {
  const seed = await seedBenchPractice(db);
  const clock = fixedClock(seed.now);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000' }) };
  const query = `practice_id=${seed.practiceId}&reason_for_visit_id=${seed.reasonId}&start_date=${seed.startDate}&end_date=${seed.endDate}`;

  const uncachedApp = await buildApp({ config, db, clock, logger: false, slotCacheTtlMs: 0 });
  const uncachedBase = await listen(uncachedApp);
  const uncached = await sequentialLatency(`${uncachedBase}/api/v1/appointment/slots?${query}`, 200);
  await uncachedApp.close();

  const app = await buildApp({ config, db, clock, logger: false });
  // The baseline: the cheapest JSON answer this server can give, through the same plugins.
  app.get('/bench/trivial', async () => ({ success: true, result: 'ok' }));
  const base = await listen(app);
  const trivial = await throughput(`${base}/bench/trivial`, { connections: 20, seconds: options.seconds });
  const cached = await throughput(`${base}/api/v1/appointment/slots?${query}`, { connections: 20, seconds: options.seconds });
  await app.close();

  return { database: db.kind, uncached, cachedRps: cached.requestsPerSecond, trivialRps: trivial.requestsPerSecond, ratio: cached.requestsPerSecond / trivial.requestsPerSecond };
}

/** The pure engine on the same month, warmed up: what the database and HTTP add is the rest. */
export function benchEngine(runs = 300): LatencySummary {
  const query = buildBenchSlotQuery();
  for (let i = 0; i < 30; i++) generateSlots(query);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    generateSlots(query);
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}
