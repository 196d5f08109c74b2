import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPgliteDatabase } from '../db/pglite-database.ts';
import { openPostgresDatabase } from '../db/postgres-database.ts';
import { adminQuery, withDatabase } from './api-global-setup.ts';

export interface TestDatabase {
  db: Database;
  /** The connection URL, on PostgreSQL (for tests that start server processes). */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/** The engine under test is PostgreSQL: for `describe.runIf(isPostgres)`, so a PGlite run reports what it skipped. */
export const isPostgres = process.env.TEST_DB_KIND === 'postgres';

let counter = 0;

/** A fresh, migrated database for one test file, on the engine this project runs against. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (isPostgres) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `test_${process.pid}_${Date.now()}_${counter++}`;
    await adminQuery(url, `create database ${name} template ${inject('postgresTemplateName')}`);
    const db = openPostgresDatabase(withDatabase(url, name));
    return {
      db,
      url: withDatabase(url, name),
      async destroy() {
        await db.close();
        // An autovacuum worker on the just-written database belongs to the server's superuser, and
        // the test role may not end it (42501): it is gone within moments, so the drop is tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            await adminQuery(url, `drop database if exists ${name} with (force)`);
            return;
          } catch (error) {
            if (attempt >= 20 || (error as { code?: unknown }).code !== '42501') throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplatePath'));
  const db = await openPgliteDatabase({ loadDataDir: new Blob([dump]) });
  return { db, destroy: () => db.close() };
}
