import type { Database } from '#server/db/database.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';
import { adminQuery, withDatabase } from '#server/test/api-global-setup.ts';

/** Runs `work` on a database of its own on the server of `url`, dropped afterwards whatever happens. */
export async function onOwnPostgresDatabase(url: string, work: (db: Database) => Promise<void>): Promise<void> {
  const name = `bench_${process.pid}_${Date.now()}`;
  await adminQuery(url, `create database ${name}`);
  const db = openPostgresDatabase(withDatabase(url, name));
  try {
    await work(db);
  } finally {
    await db.close();
    await adminQuery(url, `drop database if exists ${name} with (force)`);
  }
}
