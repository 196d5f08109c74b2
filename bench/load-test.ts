import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LoadOutcome, LoadRequest } from './load-worker.ts';
import { summarise, type LatencySummary } from './measure.ts';

export interface LoadResult {
  latency: LatencySummary;
  requestsPerSecond: number;
  completed: number;
}

const WORKER_FILE = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/** Starts `app` on a free loopback port; its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no port');
  return `http://127.0.0.1:${address.port}`;
}

/** What Chromium sends: every real client of the API asks for a compressed answer. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Runs autocannon against `url` in a worker thread and fails on any error or non-2xx answer:
 * a figure measured on failing requests would be meaningless.
 */
export function loadTest(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // Node 20 does not run module hooks (tsx's loader) in workers: tsx's require API loads the TypeScript.
    const worker = new Worker(`require('tsx/cjs/api').require(${JSON.stringify(WORKER_FILE)}, __filename)`, {
      eval: true,
      workerData: request,
    });
    worker.once('error', reject);
    worker.once('message', (outcome: LoadOutcome) => {
      void worker.terminate();
      if (outcome.failures > 0) {
        const statuses = Object.entries(outcome.failedStatuses).map(([status, count]) => `${count} × ${status}`);
        const why = statuses.length > 0 ? ` (${statuses.join(', ')})` : '';
        return reject(new Error(`${request.url}: ${outcome.failures} failed or non-2xx requests${why}`));
      }
      resolve({
        latency: summarise(outcome.responseTimesMs),
        requestsPerSecond: outcome.completed / outcome.durationSeconds,
        completed: outcome.completed,
      });
    });
  });
}

/** One request at a time: latency without queueing. The first `warmup` answers are not counted. */
export async function sequentialLatency(url: string, count: number, warmup = 20): Promise<LatencySummary> {
  await loadTest({ url, connections: 1, amount: warmup, headers: BROWSER_HEADERS });
  return (await loadTest({ url, connections: 1, amount: count, headers: BROWSER_HEADERS })).latency;
}
