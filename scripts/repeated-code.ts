/**
 * Repeated code, measured the way the team's `duplicates` tool reads a tree (ADR 0044): pairs of
 * places that share a run of six or more lines, the same lines or lines of the same shape with
 * other names, strings and numbers. Blank lines and comment lines are not counted; a run whose
 * lines are thin (punctuation, keywords, imports) or whose shape stands in more than eight places
 * (the shape of a language construct, not of a piece of logic) is boilerplate and not counted.
 * A pair of places is a pair of files (or one file with itself) that share at least one such run.
 */
export const RUN_LINES = 6;
export const COMMON_PLACES = 8;
/** Words (names, strings, numbers, keywords) a run must hold to be more than punctuation. */
export const THIN_WORDS = 14;
/** A line shape in more files than this is common (a table row, `});`); a shape run needs RARE_LINES rarer lines. */
export const COMMON_LINE_FILES = 5;
export const RARE_LINES = 3;

export type Source = { path: string; text: string };
export type Run = { a: string; aLine: number; b: string; bLine: number; lines: number; sameText: boolean };

type Line = { number: number; text: string; shape: string; words: number };

const COMMENT = /^(\/\/|\/\*|\*|\*\/)/;
/** One pass over a line: a string, a number or a name, whichever comes first. */
const TOKEN = /('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`)|(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/g;
const KEYWORDS = new Set(
  (
    'const let var function return if else for while do switch case break continue new await async ' +
    'import export from default type interface extends implements class throw try catch finally of in ' +
    'typeof instanceof void null undefined true false this as satisfies yield static readonly'
  ).split(' '),
);

/** A line's shape: names, strings and numbers replaced by placeholders, keywords kept. */
export function shapeOf(text: string): { shape: string; words: number } {
  let words = 0;
  const shape = text.replace(TOKEN, (token, string?: string, number?: string) => {
    words++;
    if (string) return 'S';
    if (number) return 'N';
    return KEYWORDS.has(token) ? token : 'I';
  });
  return { shape, words };
}

/** The lines that count: not blank, not comments; an import line counts but weighs nothing. */
export function significantLines(text: string): Line[] {
  return text.split('\n').flatMap((raw, index) => {
    const text = raw.trim();
    if (text === '' || COMMENT.test(text)) return [];
    const { shape, words } = shapeOf(text);
    return [{ number: index + 1, text, shape, words: /^import\b/.test(text) ? 0 : words }];
  });
}

type Window = { file: number; at: number };

/**
 * Every run of at least RUN_LINES lines two places share, merged, boilerplate left out. Windows are
 * grouped twice: by their text (a run copied as it is) and by their shape (a run copied and
 * renamed); a group that stands in more than COMMON_PLACES places is too common to be one piece of
 * logic, and a shape group must also hold THIN_WORDS words.
 */
export function repeatedRuns(sources: Source[]): Run[] {
  const files = sources.map((source) => significantLines(source.text));
  const byText = new Map<string, Window[]>();
  const byShape = new Map<string, Window[]>();
  const add = (groups: Map<string, Window[]>, key: string, window: Window) =>
    groups.set(key, [...(groups.get(key) ?? []), window]);
  const filesWithShape = new Map<string, number>();
  for (const lines of files)
    for (const shape of new Set(lines.map((line) => line.shape)))
      filesWithShape.set(shape, (filesWithShape.get(shape) ?? 0) + 1);
  const rare = (line: Line) => (filesWithShape.get(line.shape) ?? 0) <= COMMON_LINE_FILES;
  files.forEach((lines, file) => {
    for (let at = 0; at + RUN_LINES <= lines.length; at++) {
      const window = lines.slice(at, at + RUN_LINES);
      const words = window.reduce((sum, line) => sum + line.words, 0);
      if (words >= RUN_LINES) add(byText, window.map((line) => line.text).join('\n'), { file, at });
      if (words >= THIN_WORDS && window.filter(rare).length >= RARE_LINES)
        add(byShape, window.map((line) => line.shape).join('\n'), { file, at });
    }
  });
  // One matched window per (file pair, diagonal) position; consecutive windows merge into a run.
  const matched = new Map<string, Set<number>>();
  for (const places of [...byText.values(), ...byShape.values()]) {
    if (places.length < 2 || places.length > COMMON_PLACES) continue;
    for (let i = 0; i < places.length; i++)
      for (let j = i + 1; j < places.length; j++) {
        const [x, y] = [places[i] as Window, places[j] as Window];
        if (x.file === y.file && Math.abs(x.at - y.at) < RUN_LINES) continue;
        const key = `${x.file}:${y.file}:${y.at - x.at}`;
        if (!matched.has(key)) matched.set(key, new Set());
        matched.get(key)?.add(x.at);
      }
  }
  return [...matched].flatMap(([key, starts]) => {
    const [a, b, offset] = key.split(':').map(Number) as [number, number, number];
    return mergeRuns([...starts].sort((p, q) => p - q)).map(([at, windows]) => {
      const count = windows + RUN_LINES - 1;
      const aLines = (files[a] as Line[]).slice(at, at + count);
      const bLines = (files[b] as Line[]).slice(at + offset, at + offset + count);
      return {
        a: (sources[a] as Source).path,
        aLine: (aLines[0] as Line).number,
        b: (sources[b] as Source).path,
        bLine: (bLines[0] as Line).number,
        lines: count,
        sameText: aLines.every((line, k) => line.text === bLines[k]?.text),
      };
    });
  });
}

/** Consecutive window starts as [first start, how many windows]. */
function mergeRuns(starts: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const start of starts) {
    const last = runs.at(-1);
    if (last && last[0] + last[1] === start) last[1]++;
    else runs.push([start, 1]);
  }
  return runs;
}

/** Pairs of places (a file with another, or with itself) that share at least one run. */
export function repeatedPairs(sources: Source[]): string[] {
  const pairs = new Set(repeatedRuns(sources).map((run) => [run.a, run.b].sort().join(' ~ ')));
  return [...pairs].sort();
}
