import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { repeatedPairs } from './repeated-code.ts';

/**
 * The code habits that `npm test` holds (ADR 0044), measured over the tree, and the ratchet that
 * compares each measure with the debt recorded in `scripts/code-habits-debt.json`. ESLint holds
 * the rules it can (sizes, one API client, web test style) on every file outside the debt lists;
 * this module measures the rest, and the listed files, so that a paid debt must leave the list.
 */
export const ROOT = new URL('..', import.meta.url).pathname;
export const DEBT_FILE = 'scripts/code-habits-debt.json';

export const LONG_LINE = 120;
export const LONG_LINES_TARGET = 150;
export const REPEATED_PAIRS_TARGET = 40;
export const FOLDER_FILES = 40;
export const ADR_WORDS = 1_500;
/** The options of `max-lines` and `max-lines-per-function` in eslint.config.js (a test compares them). */
export const FILE_LINES = { max: 300, skipBlankLines: true, skipComments: true };
export const FUNCTION_LINES = { max: 80, skipBlankLines: true, skipComments: true };

/** Product code: domain, server and the web app, without tests and what only tests use. */
const PRODUCT_ROOTS = /^(domain|server|web\/src)\//;
const NOT_PRODUCT =
  /\.test\.tsx?$|\.(test|bench)-data\.ts$|-test-(kit|support)\.tsx?$|^server\/test\/|^web\/src\/test\//;
export const isProductCode = (path: string) =>
  PRODUCT_ROOTS.test(path) && /\.(tsx?|css)$/.test(path) && !NOT_PRODUCT.test(path);

const CODE = /\.(ts|tsx|js|mjs|css)$/;
const REPEATED_CODE = /\.(ts|tsx|js|mjs|css|sql)$/;
// Built from parts, so that this file does not match itself.
export const ISSUE_REFERENCE = new RegExp(['\\bissues?', '\\s*#?\\d+'].join(''), 'gi');
const WEB_SOURCE = /^web\/src\/.*\.tsx?$/;
const WEB_TEST = /^web\/.*(\.test\.tsx?|-test-kit\.tsx?)$|^web\/src\/test\//;
const API_CLIENT = 'web/src/lib/api-client.ts';

export type Counts = Record<string, number>;
/** One rule's record: what it measures, its target, today's figure and today's offenders. */
type Entry<T> = { rule: string; target: number; today: number } & T;
export type Debt = {
  longLines: Entry<object>;
  repeatedCode: Entry<object>;
  issueReferences: Entry<{ files: Counts }>;
  fileLines: Entry<{ files: Counts }>;
  functionLines: Entry<{ files: Record<string, Counts> }>;
  folderFiles: Entry<{ folders: Counts }>;
  webFetch: Entry<{ files: Counts }>;
  webFireEvent: Entry<{ files: Counts }>;
  webToBeTruthy: Entry<{ files: Counts }>;
  adrWords: Entry<{ files: Counts }>;
};

export const readDebt = (): Debt => JSON.parse(readFileSync(join(ROOT, DEBT_FILE), 'utf8')) as Debt;

/** Tracked files and new ones not ignored, so that a file counts before its first commit. */
export function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT });
  const paths = [...new Set(out.toString('utf8').split('\0').filter(Boolean))];
  return paths.filter((path) => existsSync(join(ROOT, path))).sort();
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const sum = (counts: Counts) => Object.values(counts).reduce((a, b) => a + b, 0);
const nonZero = (counts: Counts): Counts => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
const perFile = (paths: string[], measure: (text: string) => number): Counts =>
  nonZero(Object.fromEntries(paths.map((path) => [path, measure(read(path))])));

export const longLinesIn = (text: string) => text.split('\n').filter((line) => [...line].length > LONG_LINE).length;
export const issueReferencesIn = (text: string) => countOf(text, ISSUE_REFERENCE);
export const fetchCallsIn = (text: string) => countOf(text, /\bfetch\(/g);
export const fireEventsIn = (text: string) => countOf(text, /\bfireEvent\b/g);
export const toBeTruthysIn = (text: string) => countOf(text, /\.toBeTruthy\(/g);
export const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Lines over 120 characters in code and tests (not Markdown, JSON or SQL). */
export const countLongLines = (files: string[]) =>
  files.filter((path) => CODE.test(path)).reduce((sum, path) => sum + longLinesIn(read(path)), 0);

/** Pairs of places sharing six or more lines, boilerplate left out (scripts/repeated-code.ts). */
export const countRepeatedPairs = (files: string[]) =>
  repeatedPairs(files.filter((path) => REPEATED_CODE.test(path)).map((path) => ({ path, text: read(path) }))).length;

/** Every file but the README, which may keep the project's history; binary files are skipped. */
export const issueReferences = (files: string[]) =>
  perFile(
    files.filter(
      (path) => path !== 'README.md' && path !== 'package-lock.json' && !/\.(png|jpe?g|ico|woff2?)$/.test(path),
    ),
    issueReferencesIn,
  );

export const webFetch = (files: string[]) =>
  perFile(
    files.filter((path) => WEB_SOURCE.test(path) && path !== API_CLIENT),
    fetchCallsIn,
  );
export const webFireEvent = (files: string[]) =>
  perFile(
    files.filter((path) => WEB_TEST.test(path)),
    fireEventsIn,
  );
export const webToBeTruthy = (files: string[]) =>
  perFile(
    files.filter((path) => WEB_TEST.test(path)),
    toBeTruthysIn,
  );

/** Product files directly in each folder, over the limit; tests beside the code are not counted. */
export function folderFiles(files: string[]): Counts {
  const counts: Counts = {};
  for (const path of files.filter(isProductCode)) counts[dirname(path)] = (counts[dirname(path)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > FOLDER_FILES));
}

export const ADR_NAME = /^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/;
export const ADR_TEMPLATE = 'docs/decisions/0000-template.md';
export const adrFiles = (files: string[]) => files.filter((path) => /^docs\/decisions\/[^/]+\.md$/.test(path));
export const adrWords = (files: string[]) =>
  Object.fromEntries(
    adrFiles(files)
      .map((path) => [path, wordsIn(read(path))] as const)
      .filter(([, words]) => words > ADR_WORDS),
  );

/** ADR file names: `NNNN-kebab-title.md`, each number once; the template is not numbered. */
export function adrNameProblems(paths: string[]): string[] {
  const problems = paths.filter((path) => !ADR_NAME.test(basename(path))).map((path) => `${path}: not NNNN-title.md`);
  const byNumber = new Map<string, string[]>();
  for (const path of paths.filter((p) => p !== ADR_TEMPLATE && ADR_NAME.test(basename(p)))) {
    const number = basename(path).slice(0, 4);
    byNumber.set(number, [...(byNumber.get(number) ?? []), path]);
  }
  for (const [number, same] of byNumber) {
    if (number === '0000') problems.push(`${same.join(', ')}: 0000 is the template's number`);
    else if (same.length > 1) problems.push(`ADR ${number} is taken by ${same.length} files: ${same.join(', ')}`);
  }
  return problems;
}

/** ESLint with only the two size rules, at the limits, on product code: fast (no import graph). */
function sizeLinter() {
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        rules: { 'max-lines': ['error', FILE_LINES], 'max-lines-per-function': ['error', FUNCTION_LINES] },
      },
    ],
  });
}

/**
 * File and function sizes over the limits, for the given files (ESLint's own counting): a
 * function is named as ESLint names it ("Function 'createX'", "Arrow function"), numbered when
 * a file has two of one name.
 */
export async function sizes(paths: string[]) {
  const ts = paths.filter((path) => isProductCode(path) && /\.tsx?$/.test(path) && existsSync(join(ROOT, path)));
  const results = ts.length === 0 ? [] : await sizeLinter().lintFiles(ts);
  const fileLines: Counts = {};
  const functionLines: Record<string, Counts> = {};
  for (const result of results) {
    const path = result.filePath.slice(ROOT.length).replace(/^\//, '');
    for (const message of result.messages) {
      const size = /^(.+?) has too many lines \((\d+)\)/.exec(message.message);
      if (!size) continue;
      if (message.ruleId === 'max-lines') fileLines[path] = Number(size[2]);
      if (message.ruleId !== 'max-lines-per-function') continue;
      const functions = (functionLines[path] ??= {});
      let name = size[1] as string;
      for (let n = 2; name in functions; n++) name = `${size[1]} #${n}`;
      functions[name] = Number(size[2]);
    }
  }
  return { fileLines, functionLines };
}

const flatten = (nested: Record<string, Counts>): Counts =>
  Object.fromEntries(
    Object.entries(nested).flatMap(([file, inner]) => Object.entries(inner).map(([k, n]) => [`${file} ${k}`, n])),
  );

/**
 * The ratchet: the measure must equal the record. A new offender or a higher figure is a habit
 * broken (fix the code); a lower figure or a paid debt must be written down, so the list only
 * shrinks.
 */
export function ratchet(rule: string, measured: Counts, recorded: Counts, limit: string): string[] {
  const keys = [...new Set([...Object.keys(measured), ...Object.keys(recorded)])];
  return keys.sort().flatMap((key) => {
    const now = measured[key] ?? 0;
    const then = recorded[key] ?? 0;
    if (now === then) return [];
    if (then === 0) return [`${rule}: ${key} is new (${now}); ${limit}`];
    if (now > then) return [`${rule}: ${key} went from ${then} to ${now}; ${limit}`];
    if (now === 0) return [`${rule}: ${key} is paid: remove it from the debt list (npm run habits:debt)`];
    return [`${rule}: ${key} went down from ${then} to ${now}: lower it in the debt list (npm run habits:debt)`];
  });
}

/** A count with a target: at most max(target, recorded); below the record the record must follow. */
export function countRatchet(rule: string, now: number, recorded: number, target: number): string[] {
  if (now > Math.max(recorded, target)) return [`${rule}: ${now}, above the recorded ${recorded} (target ${target})`];
  if (recorded > target && now < recorded)
    return [`${rule}: ${now}, below the recorded ${recorded}: lower it in the debt list (npm run habits:debt)`];
  return [];
}

type Lists = {
  longLines: number;
  repeatedCode: number;
  issueReferences: Counts;
  fileLines: Counts;
  functionLines: Record<string, Counts>;
  folderFiles: Counts;
  webFetch: Counts;
  webFireEvent: Counts;
  webToBeTruthy: Counts;
  adrWords: Counts;
};

/** The record of the offenders: each rule with its target and today's figure (offenders or occurrences). */
export function record(lists: Lists): Debt {
  const offenders = (counts: Counts) => Object.keys(counts).length;
  const { issueReferences, fileLines, functionLines, folderFiles, webFetch, webFireEvent, webToBeTruthy } = lists;
  return {
    longLines: {
      rule: `lines over ${LONG_LINE} characters in .ts .tsx .js .mjs .css files, tests included`,
      target: LONG_LINES_TARGET,
      today: lists.longLines,
    },
    repeatedCode: {
      rule: 'pairs of places sharing 6 or more lines (same or same shape), boilerplate not counted, SQL included',
      target: REPEATED_PAIRS_TARGET,
      today: lists.repeatedCode,
    },
    issueReferences: {
      rule: 'references to issue numbers, in every file but the README (references per file)',
      target: 0,
      today: sum(issueReferences),
      files: issueReferences,
    },
    fileLines: {
      rule: `product files over ${FILE_LINES.max} lines, blank lines and comments not counted (lines per file)`,
      target: 0,
      today: offenders(fileLines),
      files: fileLines,
    },
    functionLines: {
      rule: `product functions over ${FUNCTION_LINES.max} lines, blank lines and comments not counted (factories too)`,
      target: 0,
      today: offenders(flatten(functionLines)),
      files: functionLines,
    },
    folderFiles: {
      rule: `folders with over ${FOLDER_FILES} product files directly in them, tests and SQL not counted`,
      target: 0,
      today: offenders(folderFiles),
      folders: folderFiles,
    },
    webFetch: { rule: `fetch( in web/src outside ${API_CLIENT}`, target: 0, today: sum(webFetch), files: webFetch },
    webFireEvent: { rule: 'fireEvent in web tests', target: 0, today: sum(webFireEvent), files: webFireEvent },
    webToBeTruthy: { rule: 'toBeTruthy() in web tests', target: 0, today: sum(webToBeTruthy), files: webToBeTruthy },
    adrWords: {
      rule: `ADRs over ${ADR_WORDS} words`,
      target: 0,
      today: offenders(lists.adrWords),
      files: lists.adrWords,
    },
  };
}

const listsOf = (debt: Debt): Lists => ({
  longLines: debt.longLines.today,
  repeatedCode: debt.repeatedCode.today,
  issueReferences: debt.issueReferences.files,
  fileLines: debt.fileLines.files,
  functionLines: debt.functionLines.files,
  folderFiles: debt.folderFiles.folders,
  webFetch: debt.webFetch.files,
  webFireEvent: debt.webFireEvent.files,
  webToBeTruthy: debt.webToBeTruthy.files,
  adrWords: debt.adrWords.files,
});

/**
 * Every measure of the tree. Sizes are measured on `sizePaths` only: every product file when the
 * debt is written, the listed files when it is checked (ESLint holds the others to the limits).
 */
export async function measure(files: string[], sizePaths: string[]): Promise<Debt> {
  const { fileLines, functionLines } = await sizes(sizePaths);
  return record({
    longLines: countLongLines(files),
    repeatedCode: countRepeatedPairs(files),
    issueReferences: issueReferences(files),
    fileLines,
    functionLines,
    folderFiles: folderFiles(files),
    webFetch: webFetch(files),
    webFireEvent: webFireEvent(files),
    webToBeTruthy: webToBeTruthy(files),
    adrWords: adrWords(files),
  });
}

/** A record a reader can trust: its rules, targets and figures are the ones its lists give. */
export function recordProblems(debt: Debt): string[] {
  const expected = record(listsOf(debt));
  return (Object.keys(expected) as (keyof Debt)[]).flatMap((key) => {
    const { rule, target, today } = debt[key];
    const want = expected[key];
    if (key === 'longLines' || key === 'repeatedCode')
      return rule === want.rule && target === want.target ? [] : [`${key}: rule or target edited`];
    return rule === want.rule && target === want.target && today === want.today
      ? []
      : [`${key}: its rule, target or today (${today}) disagree with its list: npm run habits:debt`];
  });
}

/** What differs between the tree and the record, as sentences; empty when they agree. */
export function debtProblems(now: Debt, debt: Debt): string[] {
  return [
    ...countRatchet('lines over 120 characters', now.longLines.today, debt.longLines.today, debt.longLines.target),
    ...countRatchet('repeated pairs', now.repeatedCode.today, debt.repeatedCode.today, debt.repeatedCode.target),
    ...ratchet('issue references', now.issueReferences.files, debt.issueReferences.files, 'cite an ADR instead'),
    ...ratchet('file lines', now.fileLines.files, debt.fileLines.files, `at most ${FILE_LINES.max}`),
    ...ratchet(
      'function lines',
      flatten(now.functionLines.files),
      flatten(debt.functionLines.files),
      `at most ${FUNCTION_LINES.max}`,
    ),
    ...ratchet('files in a folder', now.folderFiles.folders, debt.folderFiles.folders, `at most ${FOLDER_FILES}`),
    ...ratchet('fetch( outside the API client', now.webFetch.files, debt.webFetch.files, `use ${API_CLIENT}`),
    ...ratchet('fireEvent', now.webFireEvent.files, debt.webFireEvent.files, 'use userEvent'),
    ...ratchet('toBeTruthy()', now.webToBeTruthy.files, debt.webToBeTruthy.files, 'use a jest-dom matcher'),
    ...ratchet('ADR words', now.adrWords.files, debt.adrWords.files, `at most ${ADR_WORDS}`),
  ];
}
