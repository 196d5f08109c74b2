/** Order statistics for the bench: latency percentiles of one run, and medians over runs. */
export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentiles (the smallest sample with at least q of the samples at or below it). */
export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length === 0) return NaN;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

/** Each percentile's median over several runs: one slow run (a neighbour's test suite) does not decide. */
export function medianSummary(runs: readonly LatencySummary[]): LatencySummary {
  const of = (key: keyof LatencySummary) => median(runs.map((run) => run[key]));
  return { p50: of('p50'), p95: of('p95'), p99: of('p99'), mean: of('mean') };
}
