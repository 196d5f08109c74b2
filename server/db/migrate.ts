import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant works; it only has to be the same in every process of one deployment.
const MIGRATION_LOCK_KEY = 724_501;

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * Applies the numbered `.sql` files in order, each in its own transaction, and records them.
 * An advisory lock lets several processes start at once against one server: the first migrates,
 * the others wait and then find nothing to do.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  // Created only when missing: even `if not exists` needs the right to create in the schema, which
  // an app role that owns nothing lacks; it only reads which migrations ran (ADR 0043).
  const [known] = await db.query<{ table: string | null }>(`select to_regclass('schema_migrations')::text as table`);
  if (!known?.table)
    await db.query(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(`${dir}${name}`, 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const rows = await tx.query('select 1 from schema_migrations where name = $1', [name]);
      if (rows.length > 0) return false;
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new MigrationError(name, error);
      }
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
