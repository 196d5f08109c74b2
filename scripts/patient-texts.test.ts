import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * ADR 0034: a patient-visible string in the web or server code that is not a message fails the
 * run. JSX text and attributes are ESLint's (`i18next/no-literal-string`); this test reads every
 * string literal in the web and in the server's patient-facing code and fails on English prose
 * outside a catalogue (`*.messages.ts`). Prose = a capital letter, then at least two more words.
 *
 * Not patient-facing, so not scanned: the staff/admin API and the staff console, the CLI, the development outbox and
 * clock, health checks, the Open Dental connector and its notes for the office, the API's own description (OpenAPI
 * documents, their reference page, a route's `summary`, `describedSchema` and `htmlPage`, ADR 0070) and a job's
 * `skipped` reason; nor are thrown
 * `Error`s (programmers), log lines and the practice's own notification e-mails (in the practice's
 * language, English), which say so with a `// practice-facing` or `// not patient-facing` comment
 * on the line before.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const SCANNED = ['web/src', 'server/features', 'server/http', 'server/jobs', 'server/adapters', 'domain'];
const OPERATOR_FACING = [
  /^server\/features\/(admin|dev-clock|health|outbox|opendental)\//,
  /^server\/adapters\/(pms|outbox)\//,
  /^server\/http\/(api-components|api-documents|api-reference-page|api-table|route-schemas)\.ts$/,
  /^domain\/practice\/practice-(config|deployment)/,
  /^web\/src\/test\//,
  // The staff console (ADR 0038): staff-only pages and their API, English by the leave. What a
  // patient hears of a staff action (a cancellation, a move, a phone booking) is sent by the patient
  // messages of bookings/ and manage/, which stay scanned.
  /^web\/src\/features\/console\//,
  /^server\/features\/console\//,
  /^domain\/staff\//,
  // A practice's settings are the console's and the operator's importer's (ADR 0079), never a patient's.
  /^server\/features\/settings\//,
  /^server\/features\/practices\/practice-settings-versions\.ts$/,
];
const PROSE = /^[A-Z][A-Za-z’']*,? [A-Za-z’',]+ [A-Za-z]/;
/** Calls whose text developers read: logs, tests, and the API description's (a schema's or a page answer's words). */
const DEVELOPER_CALL =
  /(^|\.)(log\.(trace|debug|info|warn|error|fatal)|console\.\w+|describe|it|test|describedSchema|htmlPage)$/;
/** Properties read by developers: a route's summary in the API description, a job's reason to skip in the log. */
const DEVELOPER_PROPERTY = /^(summary|skipped)$/;
const EXEMPT_MARK = /\/\/ (practice-facing|not patient-facing)/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|bench|test-data|bench-data)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.messages.ts') &&
      !/test-/.test(entry.name)
      ? [path]
      : [];
  });
}

/** English prose in string and template literals, with its line; skips text for developers. */
export function proseLiterals(source: string, fileName = 'x.tsx'): { line: number; text: string }[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = source.split('\n');
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      if (PROSE.test(node.text) && !isForDevelopers(node) && !isMarkedExempt(node, file, lines))
        found.push({ line: line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * A mark on the line before (or at the end of the line of) the literal or of any expression, property
 * or statement around it in its block: a formatter may spread one call over several lines below its mark.
 */
function isMarkedExempt(node: ts.Node, file: ts.SourceFile, lines: string[]): boolean {
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
    const line = file.getLineAndCharacterOfPosition(at.getStart(file)).line;
    if (EXEMPT_MARK.test(lines[line - 1] ?? '') || EXEMPT_MARK.test(lines[line] ?? '')) return true;
    if (ts.isBlock(at) || ts.isClassElement(at)) return false;
  }
  return false;
}

/** Inside `new Error(…)`, a log or console call, a test's name, or an import. */
function isForDevelopers(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    if (ts.isPropertyAssignment(at) && DEVELOPER_PROPERTY.test(at.name.getText())) return true;
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    if (ts.isCallExpression(at) && DEVELOPER_CALL.test(at.expression.getText())) return true;
    if (ts.isStatement(at)) return false;
  }
  return false;
}

describe('patient-visible texts', () => {
  const scanned = SCANNED.flatMap(files).filter((file) => !OPERATOR_FACING.some((pattern) => pattern.test(file)));

  it('finds prose in a literal and lets developer and catalogue text be', () => {
    expect(proseLiterals("const a = 'Please choose another time.';").map((f) => f.text)).toEqual([
      'Please choose another time.',
    ]);
    expect(proseLiterals("throw new Error('The page has no root element.');")).toEqual([]);
    expect(proseLiterals("const s = { summary: 'Moves the booking to a time' };")).toEqual([]);
    expect(proseLiterals("const p = htmlPage('The checkout is closed: nothing was paid');")).toEqual([]);
    expect(proseLiterals("const s = { heading: 'Moves the booking to a time' };")).toHaveLength(1);
    expect(proseLiterals("const c = 'bg-white text-sm';\nconst k = t('heading');")).toEqual([]);
    const marked = "// not patient-facing\nconst s = z\n  .string()\n  .min(1, 'To must be our number');";
    expect(proseLiterals(marked)).toEqual([]);
    expect(proseLiterals(marked.replace('// not patient-facing\n', ''))).toHaveLength(1);
  });

  it('are all messages in a catalogue', () => {
    const offenders = scanned.flatMap((file) =>
      proseLiterals(readFileSync(join(ROOT, file), 'utf8'), file).map((f) => `${file}:${f.line}: ${f.text}`),
    );
    expect(offenders).toEqual([]);
  });
});
