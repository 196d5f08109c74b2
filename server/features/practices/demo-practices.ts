import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/database.ts';
import { importPracticeConfig, readPracticeConfigFile } from './practice-import.ts';

export const DEMO_PRACTICES_FILE = fileURLToPath(new URL('../../../demo/practices.json', import.meta.url));

/**
 * Gives a fresh installation something to book with. A database that already holds a practice
 * is left alone, so demo data never reappears next to (or over) a real configuration.
 * Returns the imported form URLs, or null when nothing was imported.
 */
export async function importDemoPracticesIfEmpty(db: Database, file = DEMO_PRACTICES_FILE): Promise<string[] | null> {
  const rows = await db.query<{ has_practice: boolean }>('select exists (select 1 from practices) as has_practice');
  if (rows[0]?.has_practice) return null;
  const parsed = await readPracticeConfigFile(file);
  if (!parsed.ok) throw new Error(`The demo practices file is invalid:\n${parsed.problems.join('\n')}`);
  const summary = await importPracticeConfig(db, parsed.value);
  return summary.map((practice) => practice.form_url);
}
