import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import { transformWithOxc, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../domain/i18n/languages.ts';

const CATALOGUE = /\.messages\.ts$/;
const REGISTRY = fileURLToPath(new URL('../web/src/lib/i18n/catalogue-registry.ts', import.meta.url));

/**
 * Catalogues (`*.messages.ts`, ADR 0034) hold ICU strings; the browser gets functions. For the
 * web build (and the web tests) this plugin replaces each catalogue with
 *   export const en = { key: (params) => "…" };          // English, compiled, in the same chunk
 *   export const translations = { es: () => import("…?lang=es") };  // each other language on demand
 *   registerCatalogue(en, translations);  // starts the patient's language loading with the chunk
 * so no ICU parser ships (the CSP forbids `new Function` anyway), English costs what its strings
 * cost, and Spanish loads only for a patient who chose it. The server reads the same files as
 * data and compiles at run time (`server/i18n/translate.ts`).
 */
export function compileMessages(): Plugin {
  return {
    name: 'compile-messages',
    enforce: 'pre',
    async transform(source, id) {
      const [file = '', query = ''] = id.split('?');
      if (!CATALOGUE.test(file)) return null;
      const catalogue = await evaluateCatalogue(source, file);
      const language = new URLSearchParams(query).get('lang');
      if (language) return { code: compiled(catalogue, language as Language, 'export default'), map: null };
      const loaders = LANGUAGES.filter((l) => l !== 'en').map(
        (l) => `${l}: () => import(${JSON.stringify(`${file}?lang=${l}`)}).then((m) => m.default)`,
      );
      // Not `export const en = …`: the compiled English imports the plural rule `en` from the
      // runtime, and a second `en` in the module would shadow or clash with it.
      const code = [
        `import { registerCatalogue } from ${JSON.stringify(REGISTRY)};`,
        compiled(catalogue, 'en', 'const compiledEnglish ='),
        'export { compiledEnglish as en };',
        `export const translations = { ${loaders.join(', ')} };`,
        'registerCatalogue(compiledEnglish, translations);',
      ];
      return { code: code.join('\n'), map: null };
    },
  };
}

function compiled(catalogue: Record<string, Record<string, string>>, language: Language, declaration: string): string {
  const messages = catalogue[language];
  if (!messages) throw new Error(`A catalogue lacks its "${language}" messages.`);
  // Plural rules by language. Dates, times and money arrive formatted (Intl with INTL_LOCALE).
  const mf = new MessageFormat(language, { currency: 'USD' });
  return compileModule(mf, messages).replace(/^export default/m, declaration);
}

async function evaluateCatalogue(source: string, file: string): Promise<Record<string, Record<string, string>>> {
  const { code } = await transformWithOxc(source, file, { lang: 'ts' });
  // A catalogue is data: anything it imports at run time would be lost here, so it may not.
  if (/^\s*import\s/m.test(code)) throw new Error(`${file}: a catalogue may import types only.`);
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    Record<string, string>
  >;
}

interface ChunkGraph {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

/**
 * A code-splitting group (Vite's `build.rolldownOptions.output.codeSplitting.groups`): the
 * translations of the catalogues the first page imports statically go into one chunk per
 * language, so a Spanish patient's first page fetches one small script for its messages instead
 * of one per component (each with its own request and gzip framing).
 */
export function firstPageTranslations() {
  return {
    debugName: 'first-page-translations',
    name(id: string, context: ChunkGraph): string | null {
      const [file = '', query = ''] = id.split('?');
      const language = new URLSearchParams(query).get('lang');
      if (!language || !CATALOGUE.test(file)) return null;
      return isOnFirstPage(file, context) ? `messages-${language}` : null;
    },
  };
}

/** Whether a module is reached from an entry by static imports alone. */
function isOnFirstPage(id: string, context: ChunkGraph, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = context.getModuleInfo(id);
  if (!info) return false;
  return info.isEntry || info.importers.some((importer) => isOnFirstPage(importer, context, seen));
}
