import { fileURLToPath } from 'node:url';
import type { DeploymentOffers } from '#domain/practice/practice-deployment-rules.ts';
import type { Database } from '../../db/database.ts';
import { importPracticeConfig, readPracticeConfigFile } from './practice-import.ts';
import { hasAnyPractice } from './practices-repository.ts';

export const DEMO_PRACTICES_FILE = fileURLToPath(new URL('../../../demo/practices.json', import.meta.url));

/**
 * Gives a fresh installation something to book with. A database that already holds a practice
 * is left alone, so demo data never reappears next to (or over) a real configuration.
 * Returns the imported form URLs, or null when nothing was imported.
 */
export async function importDemoPracticesIfEmpty(
  db: Database,
  file = DEMO_PRACTICES_FILE,
  options: { offers?: DeploymentOffers } = {},
): Promise<string[] | null> {
  if (await hasAnyPractice(db)) return null;
  const parsed = await readPracticeConfigFile(file);
  if (!parsed.ok) throw new Error(`The demo practices file is invalid:\n${parsed.problems.join('\n')}`);
  const summary = await importPracticeConfig(db, parsed.value, options);
  return summary.map((practice) => practice.form_url);
}
