import { resolve } from 'node:path';
import { BackupError, backupEmbedded } from '../db/embedded-backup.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { embeddedDataPath } from '../db/open-database.ts';
import { fail, loadConfigOrExit, messageOf } from './cli-support.ts';

/** `npm run db:backup -- <file.tar.gz>`: the embedded database, with the server stopped (ADR 0018). */
async function main(args: string[]): Promise<void> {
  if (args.length !== 1 || !args[0]) fail('Usage: npm run db:backup -- <file.tar.gz>   (stop the server first)');
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  const config = loadConfigOrExit();
  if (config.databaseUrl) {
    fail(
      'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g.\n  pg_dump --format=custom ' +
        '--file=chairtime.dump "$DATABASE_URL"\n(see "Backup and restore" in README.md).',
    );
  }
  try {
    const summary = await backupEmbedded(config.dataDir, file);
    console.log(
      `Backed up ${embeddedDataPath(config.dataDir)} to ${file} (${(summary.bytes / 1e6).toFixed(1)} MB): ` +
        `${summary.practices} practices, ${summary.appointments} appointments.`,
    );
  } catch (error) {
    fail(
      error instanceof BackupError || error instanceof DataDirInUse
        ? error.message
        : `Backup failed: ${messageOf(error)}`,
    );
  }
}

await main(process.argv.slice(2));
