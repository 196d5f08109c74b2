import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { describeThisProcess, lockDataDir } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR; migrated. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePreparedStatements'>>,
  /** Who opens it, in words, for the refusal another opener of the embedded database gets. */
  opener = describeThisProcess(),
): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements })
    : await openEmbedded(config.dataDir, opener);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export function embeddedDataPath(dataDir: string): string {
  return join(resolve(dataDir), 'pgdata');
}

/** The embedded database, locked to this process until it is closed (ADR 0065). */
async function openEmbedded(dataDir: string, opener: string): Promise<Database> {
  const dir = embeddedDataPath(dataDir);
  await mkdir(dir, { recursive: true });
  const lock = lockDataDir(resolve(dataDir), opener);
  try {
    const db = await openPgliteDatabase({ dataDir: dir });
    // The same object, not a copy: its commit notices are keyed on it (commit-notices.ts), and a copy would
    // leave this process's slot caches and job worker deaf to its own commits.
    const close = db.close.bind(db);
    db.close = async () => {
      await close();
      lock.release();
    };
    return db;
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `embedded PGlite in ${embeddedDataPath(config.dataDir)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
