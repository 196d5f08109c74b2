import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { withDataDirLock } from './data-dir-lock.ts';
import { embeddedDataPath } from './open-database.ts';
import { openPgliteDatabase } from './pglite-database.ts';

/**
 * Backup and restore of the embedded database (ADR 0018): one gzip tarball of DATA_DIR/pgdata,
 * made by PGlite itself. PGlite is one process's database, so the server must be stopped.
 */

export interface DatabaseSummary {
  practices: number;
  appointments: number;
}

export class BackupError extends Error {}

const isDatabaseDir = (dir: string) => existsSync(`${dir}/PG_VERSION`);

async function summarise(db: { query<Row>(sql: string): Promise<Row[]> }): Promise<DatabaseSummary> {
  const [row] = await db.query<DatabaseSummary>(
    `select (select count(*) from practices)::int as practices, (select count(*) from appointments)::int as ` +
      `appointments`,
  );
  return row!;
}

/** Writes the database in `dataDir` to `file` (replaced only once the new backup is complete). */
export function backupEmbedded(dataDir: string, file: string): Promise<DatabaseSummary & { bytes: number }> {
  return withDataDirLock(resolve(dataDir), () => backup(dataDir, file));
}

async function backup(dataDir: string, file: string): Promise<DatabaseSummary & { bytes: number }> {
  const dir = embeddedDataPath(dataDir);
  // Opening a folder without a database would create an empty one and back that up.
  if (!isDatabaseDir(dir)) throw new BackupError(`There is no database in ${dir}.`);
  const db = await openPgliteDatabase({ dataDir: dir });
  try {
    const summary = await summarise(db);
    const bytes = Buffer.from(await (await db.dump('gzip')).arrayBuffer());
    await mkdir(dirname(file), { recursive: true });
    await writeFile(`${file}.partial`, bytes);
    await rename(`${file}.partial`, file);
    return { ...summary, bytes: bytes.length };
  } finally {
    await db.close();
  }
}

/**
 * Restores `file` into `dataDir`. An existing database is refused unless `force`, which moves it
 * aside (never deletes it) so a mistaken restore can be undone.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: { force: boolean; now: Date },
): Promise<DatabaseSummary & { setAside: string | null }> {
  // Read first: a missing file creates no DATA_DIR (not even for the lock).
  const archive = new Uint8Array(
    await readFile(file).catch(() => {
      throw new BackupError(`Cannot read the backup ${file}.`);
    }),
  );
  return withDataDirLock(resolve(dataDir), () => restore(dataDir, archive, options));
}

async function restore(
  dataDir: string,
  archive: Uint8Array<ArrayBuffer>,
  options: { force: boolean; now: Date },
): Promise<DatabaseSummary & { setAside: string | null }> {
  const dir = embeddedDataPath(dataDir);
  let setAside: string | null = null;
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    if (!options.force)
      throw new BackupError(
        `${dir} already holds a database. Stop the server and pass --force to set it aside and restore.`,
      );
    setAside = `${dir}.before-restore-${options.now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(dir, setAside);
  }
  // A new machine has no DATA_DIR yet.
  await mkdir(dir, { recursive: true });
  const db = await openPgliteDatabase({ dataDir: dir, loadDataDir: new Blob([archive]) });
  try {
    return { ...(await summarise(db)), setAside };
  } finally {
    await db.close();
  }
}
