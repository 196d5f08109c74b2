import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Database } from '../db/database.ts';
import { embeddedDataPath } from '../db/open-database.ts';
import { openPgliteDatabase } from '../db/pglite-database.ts';
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from './server-process.ts';
import { createTestDatabase, isPostgres, type TestDatabase } from './test-database.ts';
import { filledByHooks } from './test-app.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What a command-line script run by `runCli` wrote, and how it ended. */
export interface CliRun {
  code?: number;
  stdout: string;
  stderr: string;
}

/** What `withProcessDatabase` hands a test file: readable once its `beforeAll` has run. */
export interface ProcessDatabaseContext {
  /** A scratch folder of this file, removed after its tests; on PGlite, DATA_DIR holds the database. */
  dir: string;
  /** Where a server or script process finds this database: DATABASE_URL on PostgreSQL, DATA_DIR on PGlite. */
  storage: Record<string, string>;
  /**
   * Runs work on the database from this process. PGlite allows one process at a time in its data
   * directory, so there it is opened for the work and closed again; call it while no process runs.
   */
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** A server process (`server/main.ts`) on this database, killed after the file's tests. */
  startServer(env?: Record<string, string>, options?: ServerProcessOptions): Promise<ServerProcess>;
  /** Runs a script of `server/cli/` on this database, as `npm run` does from the repository. */
  runCli(script: string, args: string[], env?: Record<string, string>): Promise<CliRun>;
  /** Runs a script that must fail, and returns its exit code and output. */
  cliFailure(script: string, args: string[], env?: Record<string, string>): Promise<Required<CliRun>>;
}

/**
 * The database fixture for tests that start processes (servers, command-line scripts), on the
 * engine under test (ADR 0005): on PostgreSQL a fresh database from the migrated template, on
 * PGlite a copy of that template in a DATA_DIR the processes open themselves. Seeded before any
 * process starts; the processes killed, the database dropped and the folder removed afterwards.
 */
export function withProcessDatabase(seed?: (db: Database) => Promise<void>): ProcessDatabaseContext {
  const { context, fill } = filledByHooks<ProcessDatabaseContext>('withProcessDatabase');
  let testDb: TestDatabase | undefined;
  let dir: string | undefined;
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'process-database-'));
    if (isPostgres) testDb = await createTestDatabase();
    else await copyPgliteTemplate(embeddedDataPath(dir));
    const storage: Record<string, string> = testDb ? { DATABASE_URL: testDb.url! } : { DATA_DIR: dir };
    const use: ProcessDatabaseContext['use'] = async (work) => {
      const db = testDb ? testDb.db : await openPgliteDatabase({ dataDir: embeddedDataPath(dir!) });
      try {
        return await work(db);
      } finally {
        if (!testDb) await db.close();
      }
    };
    const runCli: ProcessDatabaseContext['runCli'] = (script, args, env = {}) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', `server/cli/${script}`, ...args], {
        cwd: REPO_ROOT,
        env: cliEnvironment({ DATA_DIR: dir!, ...storage, ...env }),
      });
    fill({
      dir,
      storage,
      use,
      runCli,
      cliFailure: (script, args, env) =>
        runCli(script, args, env).then(
          () => expect.fail(`${script} should have failed`),
          (error: Required<CliRun>) => error,
        ),
      startServer: async (env = {}, options = {}) => {
        const server = await startServerProcess({ ...storage, ...env }, options);
        running.push(server);
        return server;
      },
    });
    if (seed) await use(seed);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(running.map((server) => server.kill()));
    await testDb?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return context;
}

/** A script's environment: this one's, but the database only as given (never a DATABASE_URL of the shell). */
function cliEnvironment(env: Record<string, string>): Record<string, string> {
  const { DATABASE_URL: _shell, ...inherited } = process.env as Record<string, string>;
  return { ...inherited, PUBLIC_URL: 'https://book.example.test', INIT_CWD: REPO_ROOT, NODE_ENV: 'test', ...env };
}

async function copyPgliteTemplate(dataPath: string): Promise<void> {
  await mkdir(dataPath, { recursive: true });
  const copy = await openPgliteDatabase({
    dataDir: dataPath,
    loadDataDir: new Blob([await readFile(inject('pgliteTemplatePath'))]),
  });
  await copy.close();
}
