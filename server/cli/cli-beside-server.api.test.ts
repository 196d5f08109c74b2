import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/open-database.ts';
import { openPgliteDatabase } from '../db/pglite-database.ts';
import { importPractices, practiceConfig } from '../test/practice-factory.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { isPostgres } from '../test/test-database.ts';
import { withTestDatabase } from '../test/test-app.ts';

/**
 * A command run while the server runs (ADR 0065): on the embedded database it refuses at once and
 * says who holds the data, and nothing the server holds is harmed; once the server is stopped it
 * works and its links name the server's own address. On PostgreSQL both run side by side.
 */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const running: ServerProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The command's own shell: no PUBLIC_URL, PORT or npm script of the test runner.
const { PUBLIC_URL: _u, PORT: _p, DATABASE_URL: _d, npm_lifecycle_event: _e, ...inherited } = process.env;
const staffAdd = (env: Record<string, string>, email: string) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/cli/staff-add.ts', '--practice', 'test-practice', '--email', email, '--role', 'owner'],
    { cwd: REPO_ROOT, env: { ...(inherited as Record<string, string>), NODE_ENV: 'test', ...env }, timeout: 60_000 },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

/** A DATA_DIR holding a migrated embedded database with one practice, closed again. */
async function embeddedDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cli-beside-server-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  await mkdir(join(dataDir, 'pgdata'));
  const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
  await (await openPgliteDatabase({ dataDir: join(dataDir, 'pgdata'), loadDataDir: template })).close();
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  await importPractices(db, practiceConfig());
  await db.close();
  return dataDir;
}

describe.runIf(!isPostgres)('a command beside a running server on the embedded database', () => {
  it('refuses at once, naming the server; the server is unharmed; once stopped, links name its address', async () => {
    const dataDir = await embeddedDataDir();
    const server = await startServerProcess({ DATA_DIR: dataDir }, { captureOutput: true });
    running.push(server);

    const refused = await staffAdd({ DATA_DIR: dataDir }, 'first@example.test');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`is in use by the booking server at ${server.base} (process ${server.child.pid}`);
    expect(refused.stderr).toContain('Two processes must never open one embedded database');
    expect((await fetch(`${server.base}/api/v1/form/test-practice`)).status).toBe(200);

    const second = await startServerProcess({ DATA_DIR: dataDir }, { captureOutput: true }).then(
      (started) => (running.push(started), 'started'),
      (error: Error) => error.message,
    );
    expect(second).toContain('is in use by the booking server');

    await server.kill('SIGTERM');
    const added = await staffAdd({ DATA_DIR: dataDir }, 'first@example.test');
    expect(added.code).toBe(0);
    const link = new RegExp(`^${server.base}/console/set-password/([A-Za-z0-9_-]{32})\\n$`);
    expect(added.stdout).toMatch(link);

    const again = await staffAdd({ DATA_DIR: dataDir }, 'first@example.test');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('has not set a password yet: a fresh link');
    expect(again.stdout).toMatch(link);
    expect(again.stdout).not.toBe(added.stdout);
  }, 120_000);
});

describe.runIf(isPostgres)('a command beside a running server on PostgreSQL', () => {
  const database = withTestDatabase(async (db) => {
    await importPractices(db, practiceConfig());
  });

  it('works while the server runs, and the server accepts the link it prints', async () => {
    const server = await startServerProcess({ DATABASE_URL: database.url! });
    running.push(server);
    const added = await staffAdd({ DATABASE_URL: database.url!, PUBLIC_URL: server.base }, 'pg@example.test');
    expect(added.code).toBe(0);
    const token = new RegExp(`^${server.base}/console/set-password/([A-Za-z0-9_-]{32})\\n$`).exec(added.stdout)?.[1];
    expect(token).toBeDefined();
    const described = await fetch(`${server.base}/api/v1/staff/password-links/${token}`);
    expect(described.status).toBe(200);
    expect((await described.json()).result).toMatchObject({ email: 'pg@example.test' });
  }, 120_000);
});
