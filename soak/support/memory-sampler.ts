import { rssMb } from '../../bench/memory-bench.ts';
import { median } from '../../bench/measure.ts';

export interface MemoryWindows {
  /** Median resident memory of the second half of the first window (the first half warms up). */
  baselineMb: number;
  /** Median of each later window, in order. */
  laterMb: number[];
  /** Largest later median minus the baseline. */
  growthMb: number;
  peakMb: number;
}

/**
 * Samples a process's resident memory every second. Medians per window rather than single
 * readings: one sample can land on either side of a garbage collection, tens of MB apart.
 */
export function sampleMemory(pid: number) {
  const started = Date.now();
  const samples: { atMs: number; mb: number }[] = [];
  const timer = setInterval(() => {
    try {
      samples.push({ atMs: Date.now() - started, mb: rssMb(pid) });
    } catch {
      // the process is gone; the test reports that through its requests
    }
  }, 1_000);
  return {
    stop: () => clearInterval(timer),
    /** Splits the run into `count` windows of equal length (minutes, on a five-minute run). */
    windows(totalMs: number, count: number): MemoryWindows {
      const length = totalMs / count;
      const within = (from: number, to: number) => samples.filter((s) => s.atMs >= from && s.atMs < to).map((s) => s.mb);
      const baselineMb = median(within(length / 2, length));
      const laterMb = Array.from({ length: count - 1 }, (_, i) => median(within((i + 1) * length, (i + 2) * length)));
      return { baselineMb, laterMb, growthMb: Math.max(...laterMb) - baselineMb, peakMb: Math.max(...samples.map((s) => s.mb)) };
    },
  };
}
