import { summarise } from '../../bench/measure.ts';
import type { LoadReport } from './mixed-load.ts';
import { report } from './soak-settings.ts';

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints throughput, latency percentiles (all requests and per kind) and the status tallies. */
export function printLoadReport(name: string, load: LoadReport): { p99: number; requests: number } {
  const all = [...load.latencies.values()].flat();
  const overall = summarise(all);
  report(
    `${name} requests`,
    `${all.length} in ${load.seconds.toFixed(0)} s (${(all.length / load.seconds).toFixed(0)}/s), ` +
      `${load.bookings.length} bookings acknowledged`,
  );
  report(`${name} latency, all requests`, `p50 ${ms(overall.p50)}, p95 ${ms(overall.p95)}, p99 ${ms(overall.p99)}`);
  for (const [kind, byStatus] of [...load.statuses.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const summary = summarise(load.latencies.get(kind) ?? []);
    const statuses = [...byStatus.entries()].map(([status, n]) => `${status}×${n}`).join(' ');
    report(`${name} ${kind}`, `p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)} [${statuses}]`);
  }
  return { p99: overall.p99, requests: all.length };
}
