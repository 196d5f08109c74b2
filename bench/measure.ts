import autocannon from 'autocannon';

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

export function median(values: number[]): number {
  return summarise(values).p50;
}

/** Sequential requests, one at a time: latency without queueing. */
export async function sequentialLatency(url: string, count: number, warmup = 20): Promise<LatencySummary> {
  for (let i = 0; i < warmup; i++) await expectOk(url);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await expectOk(url);
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

async function expectOk(url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/** Requests per second at `connections` concurrent connections, with autocannon. */
export async function throughput(url: string, options: { connections: number; seconds: number }) {
  // The load generator runs in a worker thread, so it does not share the server's event loop.
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
