import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADR_TEMPLATE,
  ROOT,
  adrFiles,
  adrNameProblems,
  countRatchet,
  debtProblems,
  fetchCallsIn,
  fireEventsIn,
  folderFiles,
  isProductCode,
  issueReferencesIn,
  longLinesIn,
  measure,
  ratchet,
  readDebt,
  recordProblems,
  toBeTruthysIn,
  trackedFiles,
  wordsIn,
} from './code-habits.ts';

/**
 * The code habits (ADR 0044) on the tree: every figure equals the one in
 * scripts/code-habits-debt.json. A new offender or a higher figure fails (fix the code); a lower
 * one fails too until the record follows (`npm run habits:debt`), so the debt only shrinks.
 */
describe('code habits: the tree against its recorded debt', () => {
  it('has no new offender, no figure above its record and no paid debt still listed', async () => {
    const debt = readDebt();
    const listedSizes = [...Object.keys(debt.fileLines.files), ...Object.keys(debt.functionLines.files)];
    const now = await measure(trackedFiles(), [...new Set(listedSizes)]);
    expect(debtProblems(now, debt)).toEqual([]);
  });

  it('records, beside each list, its rule, its target and the figure its list gives', () => {
    expect(recordProblems(readDebt())).toEqual([]);
  });

  it('names ADRs NNNN-title.md, one number each, and keeps a template', () => {
    const adrs = adrFiles(trackedFiles());
    expect(adrNameProblems(adrs)).toEqual([]);
    const template = readFileSync(join(ROOT, ADR_TEMPLATE), 'utf8');
    for (const heading of ['# ', 'Status:', '## Context', '## Decision', '## Consequences'])
      expect(template).toContain(heading);
  });
});

describe('code habits: the ratchet', () => {
  const recorded = { 'a.ts': 3, 'b.ts': 2 };

  it('passes when the tree is as recorded', () => {
    expect(ratchet('rule', { 'a.ts': 3, 'b.ts': 2 }, recorded, 'fix it')).toEqual([]);
  });

  it('fails on a new offender and on a figure above the record', () => {
    expect(ratchet('rule', { 'a.ts': 4, 'b.ts': 2, 'c.ts': 1 }, recorded, 'fix it')).toEqual([
      'rule: a.ts went from 3 to 4; fix it',
      'rule: c.ts is new (1); fix it',
    ]);
  });

  it('fails on a debt paid in part or in full until the record follows', () => {
    expect(ratchet('rule', { 'a.ts': 1 }, recorded, 'fix it')).toEqual([
      'rule: a.ts went down from 3 to 1: lower it in the debt list (npm run habits:debt)',
      'rule: b.ts is paid: remove it from the debt list (npm run habits:debt)',
    ]);
  });

  it('holds a count to its record above the target, and to the target once under it', () => {
    expect(countRatchet('long', 500, 500, 150)).toEqual([]);
    expect(countRatchet('long', 501, 500, 150)).toEqual(['long: 501, above the recorded 500 (target 150)']);
    expect(countRatchet('long', 499, 500, 150)).toEqual([
      'long: 499, below the recorded 500: lower it in the debt list (npm run habits:debt)',
    ]);
    expect(countRatchet('long', 150, 120, 150)).toEqual([]);
    expect(countRatchet('long', 151, 120, 150)).toEqual(['long: 151, above the recorded 120 (target 150)']);
  });

  it('checks that a record says what its list says', () => {
    const debt = readDebt();
    const edited = { ...debt, webFetch: { ...debt.webFetch, today: debt.webFetch.today + 1 } };
    expect(recordProblems(edited)).toEqual([expect.stringContaining('webFetch: its rule, target or today')]);
  });
});

describe('code habits: what each measure counts', () => {
  it('long lines: over 120 characters, counted in characters, not bytes', () => {
    expect(longLinesIn(`${'x'.repeat(120)}\n${'é'.repeat(120)}\n`)).toBe(0);
    expect(longLinesIn(`${'x'.repeat(121)}\nshort\n${'y'.repeat(200)}`)).toBe(2);
  });

  it('issue references: any spelling of an issue and its number, not other numbers', () => {
    // Joined at run time, so that this file holds no reference itself.
    const bad = ['// see iss', 'ue 12; Iss', 'ues #3 and ISS', 'UE 22: done'].join('');
    expect(issueReferencesIn(bad)).toBe(3);
    expect(issueReferencesIn('// see ADR 0038; the issues this fixes; an issue of size 3')).toBe(0);
  });

  it('folders: over 40 product files directly in one folder; tests and sub-folders not counted', () => {
    const many = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i));
    expect(folderFiles(many(41, (i) => `server/features/x/f${i}-service.ts`))).toEqual({ 'server/features/x': 41 });
    const tests = many(40, (i) => `server/features/x/f${i}-service.ts`).concat('server/features/x/f0.test.ts');
    expect(folderFiles(tests)).toEqual({});
    expect(folderFiles(many(41, (i) => `server/features/x/y${i}/f-service.ts`))).toEqual({});
    expect(folderFiles(many(41, (i) => `server/db/migrations/${i}.sql`))).toEqual({});
  });

  it('product code: domain, server and web/src without tests, test kits and test data', () => {
    const product = ['domain/a/b-schemas.ts', 'server/app.ts', 'web/src/app/styles.css', 'web/src/x/y-page.tsx'];
    const notProduct = [
      'server/x/y.test.ts',
      'server/x/y.api.test.ts',
      'server/test/test-app.ts',
      'web/src/test/booking-factories.ts',
      'web/src/features/console/console-test-kit.tsx',
      'server/features/reviews/review-test-support.ts',
      'domain/availability/slot-engine.test-data.ts',
      'domain/availability/slot-engine.bench-data.ts',
      'e2e/booking.spec.ts',
      'bench/run-bench.ts',
      'soak/support/x.ts',
      'scripts/code-habits.ts',
      'server/db/migrations/0001-init.sql',
    ];
    expect(product.filter(isProductCode)).toEqual(product);
    expect(notProduct.filter(isProductCode)).toEqual([]);
  });

  it('web: fetch( calls, fireEvent and toBeTruthy() are counted', () => {
    expect(fetchCallsIn("const r = await fetch('/api'); window.fetch(u); refetch();")).toBe(2);
    expect(fireEventsIn("import { fireEvent } from '@testing-library/react';\nfireEvent.click(b);")).toBe(2);
    expect(toBeTruthysIn('expect(a).toBeTruthy();\nexpect(b).toBeInTheDocument();')).toBe(1);
  });

  it('ADRs: over 1,500 words fails; names are NNNN-title.md, one number each, the template unnumbered', () => {
    expect(wordsIn(`# Title\n\n${'word '.repeat(1_499)}`)).toBe(1_501);
    const adrs = ['docs/decisions/0001-a.md', 'docs/decisions/0002-b.md', ADR_TEMPLATE];
    expect(adrNameProblems(adrs)).toEqual([]);
    expect(adrNameProblems([...adrs, 'docs/decisions/0002-c.md', 'docs/decisions/notes.md'])).toEqual([
      'docs/decisions/notes.md: not NNNN-title.md',
      'ADR 0002 is taken by 2 files: docs/decisions/0002-b.md, docs/decisions/0002-c.md',
    ]);
    expect(adrNameProblems(['docs/decisions/0000-other.md'])).toEqual([
      "docs/decisions/0000-other.md: 0000 is the template's number",
    ]);
  });
});
