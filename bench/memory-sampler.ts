import { readFileSync } from 'node:fs';

/** Resident memory of a process in MB, from /proc (Linux). */
export const rssMb = (pid: number) => {
  const line =
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(line.replace(/\D/g, '')) / 1024;
};

export interface MemoryWindows {
  seconds: number;
  /** Floor of the second half of the first window (its first half warms up). */
  baselineMb: number;
  /** Floor of each later window, in order. */
  laterMb: number[];
  /** Largest later floor minus the baseline. */
  growthMb: number;
  peakMb: number;
}

/**
 * Samples a process's resident memory every second (the bench and the soak suite). Under load the
 * server's RSS is a sawtooth: it climbs 30–40 MB as the heap fills and drops at each major garbage
 * collection, a few times a minute. What a leak raises is the floor the drops return to, so windows
 * are compared by their lowest sample; a window of 15 s or more always holds a collection at this load.
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
    /** Cuts the run into `count` windows; by default of a minute (fewer and shorter on short runs, at least 30 s). */
    windows(totalMs: number, count = Math.min(5, Math.max(2, Math.floor(totalMs / 30_000)))): MemoryWindows {
      const length = totalMs / count;
      const floor = (from: number, to: number) =>
        Math.min(...samples.filter((s) => s.atMs >= from && s.atMs < to).map((s) => s.mb));
      const baselineMb = floor(length / 2, length);
      const laterMb = Array.from({ length: count - 1 }, (_, i) => floor((i + 1) * length, (i + 2) * length));
      return {
        seconds: length / 1000,
        baselineMb,
        laterMb,
        growthMb: Math.max(...laterMb) - baselineMb,
        peakMb: Math.max(...samples.map((s) => s.mb)),
      };
    },
  };
}
