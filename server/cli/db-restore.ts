import { resolve } from 'node:path';
import { BackupError, restoreEmbedded } from '../db/embedded-backup.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { embeddedDataPath } from '../db/open-database.ts';
import { fail, loadConfigOrExit, messageOf } from './cli-support.ts';

/** `npm run db:restore -- <file.tar.gz> [--force]`: into the embedded database, with the server stopped (ADR 0018). */
async function main(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || !files[0])
    fail('Usage: npm run db:restore -- <file.tar.gz> [--force]   (stop the server first)');
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), files[0]);
  const config = loadConfigOrExit();
  if (config.databaseUrl) {
    fail(
      'DATABASE_URL is set: restore PostgreSQL with its own tools, e.g.\n  pg_restore --no-owner ' +
        '--dbname="$DATABASE_URL" chairtime.dump\ninto an empty database (see "Backup and restore" in README.md).',
    );
  }
  try {
    const summary = await restoreEmbedded(config.dataDir, file, { force, now: new Date() });
    if (summary.setAside) console.log(`The database that was there is kept in ${summary.setAside}.`);
    console.log(
      `Restored ${file} into ${embeddedDataPath(config.dataDir)}: ${summary.practices} practices, ` +
        `${summary.appointments} appointments.`,
    );
  } catch (error) {
    fail(
      error instanceof BackupError || error instanceof DataDirInUse
        ? error.message
        : `Restore failed: ${messageOf(error)}`,
    );
  }
}

await main(process.argv.slice(2));
