import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPgliteDatabase } from '../../db/pglite-database.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let dir: string;
let env: Record<string, string>;
let testDb: TestDatabase | undefined;

/**
 * The CLI is a separate process: on PostgreSQL it gets the test database's URL; on PGlite, a copy
 * of the migrated template in DATA_DIR, which it can open while this process has it closed.
 */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = testDb ? testDb.db : await openPgliteDatabase({ dataDir: join(dir, 'pgdata') });
  try {
    return await work(db);
  } finally {
    if (!testDb) await db.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-request-cli-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env as Record<string, string>;
  env = {
    ...inherited,
    DATA_DIR: join(dir),
    PUBLIC_URL: 'https://book.example.test',
    INIT_CWD: REPO_ROOT,
    NODE_ENV: 'test',
  };
  if (process.env.TEST_DB_KIND === 'postgres') {
    testDb = await createTestDatabase();
    env.DATABASE_URL = testDb.url!;
  } else {
    await mkdir(join(dir, 'pgdata'));
    const copy = await openPgliteDatabase({
      dataDir: join(dir, 'pgdata'),
      loadDataDir: new Blob([await readFile(inject('pgliteTemplatePath'))]),
    });
    await copy.close();
  }
  await withDatabase((db) => importPractices(db, practiceConfig()));
}, 90_000);
afterAll(async () => {
  await testDb?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/review-request.ts', ...args], {
    cwd: REPO_ROOT,
    env,
  });

describe('npm run review:request', () => {
  it('creates a request through the service and prints only its URL on stdout', async () => {
    const { stdout, stderr } = await run([
      '--practice',
      'test-practice',
      '--first-name',
      'Ana',
      '--last-name',
      'Lopez',
      '--email',
      'ana@example.com',
      '--consented',
      '--send',
    ]);
    expect(stdout).toMatch(/^https:\/\/book\.example\.test\/review\/[A-Za-z0-9_-]{32}\n$/);
    expect(stderr).toMatch(/^request_id [0-9a-f-]{36}; queued by email\n$/);
    const rows = await withDatabase((db) =>
      db.query<{ patient_first_name: string; sent_via: string[] }>(
        'select patient_first_name, sent_via from review_requests',
      ),
    );
    expect(rows).toEqual([{ patient_first_name: 'Ana', sent_via: ['email'] }]);
    const jobs = await withDatabase((db) =>
      db.query<{ type: string }>(`select type from jobs where type = 'email.send'`),
    );
    expect(jobs).toHaveLength(1);
  }, 90_000);

  it('shows the usage and exits 1, touching no database, when options are missing', async () => {
    const failure = await run(['--practice', 'test-practice']).then(
      () => expect.fail('the command should have failed'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toMatch(/^Missing --first-name, --last-name\n\nUsage: npm run review:request/);
  }, 60_000);
});
