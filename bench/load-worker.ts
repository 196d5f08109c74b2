import autocannon from 'autocannon';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * One autocannon run inside a worker thread (started by load-test.ts). It runs here, not in the
 * bench's main thread, because the servers under test live in that thread: a load generator on
 * their event loop would be measured with them. autocannon's own histogram keeps whole
 * milliseconds and no p95, so every response time is kept as it comes.
 */
export interface LoadRequest {
  url: string;
  connections: number;
  /** Either a duration or a number of requests. */
  seconds?: number;
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOutcome {
  responseTimesMs: number[];
  completed: number;
  durationSeconds: number;
  failures: number;
  /** How many answers of each status that is not 2xx: a failed run says why. */
  failedStatuses: Record<number, number>;
}

const request = workerData as LoadRequest;
const responseTimesMs: number[] = [];
let failures = 0;
const failedStatuses: Record<number, number> = {};
const instance = autocannon(
  {
    url: request.url,
    connections: request.connections,
    ...(request.amount ? { amount: request.amount } : { duration: request.seconds ?? 5 }),
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body ? { body: request.body } : {}),
  },
  (error, result) => {
    if (error) throw error;
    // Outside the main thread autocannon hands back its raw counters (no aggregation).
    const raw = result as unknown as {
      totalCompletedRequests: number;
      duration: number;
      errors: number;
      timeouts: number;
    };
    const outcome: LoadOutcome = {
      responseTimesMs,
      completed: raw.totalCompletedRequests,
      durationSeconds: raw.duration,
      failures: failures + raw.errors + raw.timeouts,
      failedStatuses,
    };
    parentPort?.postMessage(outcome);
  },
);
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode >= 200 && statusCode < 300) responseTimesMs.push(responseTime);
  else {
    failures++;
    failedStatuses[statusCode] = (failedStatuses[statusCode] ?? 0) + 1;
  }
});
