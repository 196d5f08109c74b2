import { parse, type Token } from '@messageformat/parser';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../domain/i18n/languages.ts';

/**
 * ADR 0034: every catalogue (`*.messages.ts`) has every key in every language, with
 * the same placeholders as the English, in valid ICU syntax; and every key is used by the code
 * that imports the catalogue, so a missing, mistyped or forgotten message fails `npm test`.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const SOURCE_DIRS = ['domain', 'server', 'web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = SOURCE_DIRS.flatMap(sourceFiles);
const catalogues = files.filter((f) => f.endsWith('.messages.ts'));
// Tests are left out: a key only a test mentions is still an unused key.
const code = files
  .filter((f) => !f.endsWith('.messages.ts') && !/\.test\.tsx?$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(join(ROOT, f), 'utf8') }));

/** `{name}`, `{n, plural, …}` (with the arguments inside its cases), `{d, number}`: name → kind. */
function placeholders(message: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.set(token.arg, 'argument');
      else if (token.type === 'function') found.set(token.arg, token.key);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.set(token.arg, token.type);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  return found;
}

describe('message catalogues', () => {
  it('are found (the scan itself works)', () => {
    expect(catalogues.length).toBeGreaterThan(0);
  });

  for (const file of catalogues) {
    describe(file, () => {
      it('has every key in every language, with the English placeholders, in valid ICU', async () => {
        const catalogue = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<
          string,
          Record<string, string> | undefined
        >;
        const en = catalogue.en;
        expect(en, 'a catalogue exports its English as `en`').toBeTypeOf('object');
        for (const language of LANGUAGES) {
          const messages = catalogue[language];
          expect(messages, `${file} has no "${language}" messages`).toBeTypeOf('object');
          expect(Object.keys(messages!).sort(), `${file}: the "${language}" keys differ from the English`).toEqual(
            Object.keys(en!).sort(),
          );
          for (const [key, english] of Object.entries(en!)) {
            const translated = messages![key]!;
            expect(translated.trim(), `${file}: "${key}" is empty in "${language}"`).not.toBe('');
            let theirs: Map<string, string>;
            try {
              theirs = placeholders(translated);
            } catch (error) {
              throw new Error(`${file}: "${key}" in "${language}" is not valid ICU: ${(error as Error).message}`);
            }
            expect(
              [...theirs].sort(),
              `${file}: "${key}" in "${language}" has other placeholders than the English`,
            ).toEqual([...placeholders(english)].sort());
          }
        }
      });

      it('has no key that the code importing it never uses', async () => {
        const catalogue = (await import(pathToFileURL(join(ROOT, file)).href)) as { en: Record<string, string> };
        const name = basename(file);
        const importers = code.filter(({ text }) => text.includes(`/${name}'`) || text.includes(`/${name}"`));
        expect(
          importers.map((i) => i.file),
          `nothing imports ${relative(ROOT, file)}`,
        ).not.toEqual([]);
        const unused = Object.keys(catalogue.en).filter(
          (key) =>
            !importers.some(({ text }) =>
              new RegExp(`['"\`]${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`).test(text),
            ),
        );
        expect(unused, `${file}: keys no importer names (as a quoted literal)`).toEqual([]);
      });
    });
  }
});

/**
 * Spanish the patients read back to us (ADR 0062): the dentist is a "profesional", never a
 * "proveedor"; no "para su cita para"; the companion box is a noun phrase like its English.
 */
const MENDED_SPANISH: [RegExp, string][] = [
  [/\bproveedor(es)?\b/i, 'say "profesional" for the dentist'],
  [/\bpara su cita para\b/i, 'one "para" only'],
  [/^Reservo para/, 'a label, as the English one: "Reserva para otra persona"'],
];

describe('the Spanish catalogues', () => {
  it.each(catalogues)('%s avoids the wording patients found wrong', async (file) => {
    const catalogue = (await import(pathToFileURL(join(ROOT, file)).href)) as { es?: Record<string, string> };
    const found = Object.entries(catalogue.es ?? {}).flatMap(([key, text]) =>
      MENDED_SPANISH.filter(([pattern]) => pattern.test(text)).map(([, fix]) => `${key}: "${text}" (${fix})`),
    );
    expect(found).toEqual([]);
  });
});
