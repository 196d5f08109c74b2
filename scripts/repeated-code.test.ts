import { describe, expect, it } from 'vitest';
import { COMMON_PLACES, repeatedPairs, repeatedRuns, shapeOf } from './repeated-code.ts';

/** The repeated-code measure (ADR 0044) on small trees: what it counts and what it leaves out. */
const logic = (name: string, field: string, limit: number) => `
export function ${name}(rows: Row[]) {
  const kept = rows.filter((row) => row.${field} !== undefined);
  if (kept.length > ${limit}) throw new Error('too many ${field}s');
  const sorted = [...kept].sort((a, b) => a.${field}.localeCompare(b.${field}));
  return sorted.map((row) => ({ id: row.id, ${field}: row.${field}.trim() }));
}
`;

describe('repeated code', () => {
  it('counts a function copied into another file as one pair, as the same text', () => {
    const runs = repeatedRuns([
      { path: 'a.ts', text: logic('sortNames', 'name', 10) },
      { path: 'b.ts', text: `const other = 1;\n${logic('sortNames', 'name', 10)}` },
    ]);
    expect(runs).toEqual([{ a: 'a.ts', aLine: 2, b: 'b.ts', bLine: 3, lines: 6, sameText: true }]);
  });

  it('counts a copy with other names, strings and numbers by its shape', () => {
    const sources = [
      { path: 'a.ts', text: logic('sortNames', 'name', 10) },
      { path: 'b.ts', text: logic('sortEmails', 'email', 25) },
    ];
    expect(repeatedPairs(sources)).toEqual(['a.ts ~ b.ts']);
    expect(repeatedRuns(sources)[0]?.sameText).toBe(false);
  });

  it('reads across blank lines and comments, and counts a copy within one file', () => {
    const commented = logic('sortNames', 'name', 10).replace('{\n', '{\n  // why: see ADR 0044\n\n');
    expect(repeatedPairs([{ path: 'a.ts', text: logic('sortNames', 'name', 10) + commented }])).toEqual([
      'a.ts ~ a.ts',
    ]);
  });

  it('leaves out runs of five lines, punctuation and imports', () => {
    const five = logic('sortNames', 'name', 10).split('\n').slice(0, 6).join('\n');
    const closers = '});\n}\n]);\n},\n);\n})\n';
    const imports = Array.from({ length: 8 }, (_, i) => `import { thing${i} } from './thing-${i}.ts';`).join('\n');
    for (const text of [five, closers, imports])
      expect(
        repeatedPairs([
          { path: 'a.ts', text },
          { path: 'b.ts', text },
        ]),
      ).toEqual([]);
  });

  it('leaves out a shape that stands in more than eight places', () => {
    const sources = Array.from({ length: COMMON_PLACES + 1 }, (_, i) => ({
      path: `f${i}.ts`,
      text: logic(`sort${i}`, `field${i}`, i),
    }));
    expect(repeatedPairs(sources)).toEqual([]);
    expect(repeatedPairs(sources.slice(0, 3))).toHaveLength(3);
  });

  it('shapes a line by replacing names, strings and numbers, keeping keywords', () => {
    expect(shapeOf("const total = price * 2 + fee('x');")).toEqual({ shape: 'const I = I * N + I(S);', words: 6 });
  });
});
