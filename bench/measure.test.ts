import { describe, expect, it } from 'vitest';
import { formatTable, times } from './bench-table.ts';
import { median, medianSummary, summarise } from './measure.ts';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles: the smallest sample with at least q of them at or below it', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted on purpose
    expect(summarise(samples)).toEqual({ p50: 50, p95: 95, p99: 99, mean: 50.5 });
    expect(summarise([7])).toEqual({ p50: 7, p95: 7, p99: 7, mean: 7 });
  });

  it('takes the median of odd and even counts, and of each percentile over rounds', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    const rounds = [summarise([1, 2, 3]), summarise([10, 20, 30]), summarise([4, 5, 6])];
    expect(medianSummary(rounds)).toEqual({ p50: 5, p95: 6, p99: 6, mean: 5 });
  });

  it('prints ratios to the baseline and a Markdown table marking missed budgets', () => {
    expect([times(21.4, 1), times(3.14, 1), times(0.851, 1)]).toEqual(['21×', '3.1×', '0.85×']);
    const table = formatTable([
      { figure: 'a', value: '1 ms', budget: '<= 2 ms', ok: true },
      { figure: 'bb', value: '3 ms', budget: '<= 2 ms', ok: false },
      { figure: 'c', value: '5', budget: 'none', ok: null },
    ]);
    expect(table.split('\n')).toEqual([
      '| figure | value | budget  | result |',
      '|--------|-------|---------|--------|',
      '| a      | 1 ms  | <= 2 ms | ok     |',
      '| bb     | 3 ms  | <= 2 ms | MISSED |',
      '| c      | 5     | none    | -      |',
    ]);
  });
});
