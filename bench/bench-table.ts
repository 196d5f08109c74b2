/** One line of the bench table; `ok` null for a figure printed without a budget. */
export interface Row {
  figure: string;
  value: string;
  budget: string;
  ok: boolean | null;
  /** A count of failed requests, not a speed: judged even when budgets are not (BENCH_JUDGE=0). */
  isFailureCount?: boolean;
}

export const ms = (n: number, digits = 2) => `${n.toFixed(digits)} ms`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
/** "21×" or "0.85×": a figure over its baseline of the same run. */
export const times = (value: number, baseline: number) =>
  `${(value / baseline).toFixed(value / baseline >= 10 ? 0 : value / baseline >= 1 ? 1 : 2)}×`;
export const percentOf = (value: number, baseline: number) => `${((value / baseline) * 100).toFixed(0)}%`;
export const triple = (s: { p50: number; p95: number; p99: number }, digits = 2) =>
  `${s.p50.toFixed(digits)} / ${s.p95.toFixed(digits)} / ${s.p99.toFixed(digits)} ms`;

const result = (ok: Row['ok'] | string) => (ok === true ? 'ok' : ok === false ? 'MISSED' : ok === null ? '-' : ok);

/** A Markdown table, so the same text goes into the README. */
export function formatTable(rows: readonly Row[]): string {
  const header = { figure: 'figure', value: 'value', budget: 'budget', ok: 'result' as const };
  const columns = ['figure', 'value', 'budget'] as const;
  const width = (key: (typeof columns)[number]) => Math.max(key.length, ...rows.map((r) => r[key].length));
  const line = (r: { figure: string; value: string; budget: string; ok: Row['ok'] | string }) =>
    `| ${[...columns.map((key) => r[key].padEnd(width(key))), result(r.ok).padEnd(6)].join(' | ')} |`;
  const rule = `|${[...columns.map((key) => '-'.repeat(width(key) + 2)), '--------'].join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
