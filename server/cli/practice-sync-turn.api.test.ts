import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/open-database.ts';
import { openPgliteDatabase } from '../db/pglite-database.ts';
import { odOperatory, odProvider, startFakeOpenDental, type FakeOpenDental } from '../test/fake-opendental-server.ts';
import { importPractices } from '../test/practice-factory.ts';
import { openDentalPractice } from '../test/opendental-test-kit.ts';
import { isPostgres } from '../test/test-database.ts';
import { withTestDatabase } from '../test/test-app.ts';

/**
 * `practice:sync` takes the office's turn that the server processes take (ADR 0071), so that it never overlaps
 * their requests to the same office: on PostgreSQL it waits while a server holds the turn; on the embedded
 * database, one process's (ADR 0065), it does not run beside the server at all, `--write` included.
 */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { DATABASE_URL: _d, PUBLIC_URL: _u, PORT: _p, ...inherited } = process.env;
let fake: FakeOpenDental;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-sync-turn-'));
  fake = await startFakeOpenDental({ developerKey: 'dev' });
  const office = fake.office('turn-office');
  office.providers = [odProvider(1, 'Ana', 'One')];
  office.operatories = [odOperatory(1, 'Op 1')];
});
afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});
const ctx = withTestDatabase();

function practiceSync(env: Record<string, string>, ...args: string[]) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/practice-sync.ts', ...args], {
    cwd: REPO_ROOT,
    env: {
      ...(inherited as Record<string, string>),
      NODE_ENV: 'test',
      INIT_CWD: dir,
      OPENDENTAL_API_URL: fake.baseUrl,
      OPENDENTAL_DEVELOPER_KEY: 'dev',
      OPENDENTAL_REQUESTS_PER_SECOND: '100',
      ...env,
    },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe.runIf(isPostgres)('practice:sync beside running servers on PostgreSQL', () => {
  it("waits for the office's turn a server holds, then reads the office", async () => {
    await importPractices(ctx.db, openDentalPractice('turn-practice', 'turn-office'));
    // A server's request to the office, running for another three seconds.
    const [held] = await ctx.db.query<{ until: Date }>(
      `insert into opendental_office_gates (customer_key, holder, held_until)
       values ('turn-office', 'a-server', clock_timestamp() + interval '3 seconds')
       on conflict (customer_key) do update set holder = excluded.holder, held_until = excluded.held_until
       returning held_until as until`,
    );
    const from = fake.requests.length;
    const synced = await practiceSync({ DATABASE_URL: ctx.url! }, 'turn-practice');
    expect(synced.code).toBe(0);
    const asked = fake.requests.slice(from);
    expect(asked.map((r) => r.path)).toEqual(['/clinics', '/providers', '/operatories']);
    expect(asked[0]!.at).toBeGreaterThanOrEqual(new Date(held!.until).getTime());
  }, 60_000);
});

describe.runIf(!isPostgres)('practice:sync beside a running server on the embedded database', () => {
  it('refuses --write while another process holds the database, and asks Open Dental nothing', async () => {
    const dataDir = join(dir, 'data');
    await mkdir(join(dataDir, 'pgdata'), { recursive: true });
    const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
    await (await openPgliteDatabase({ dataDir: join(dataDir, 'pgdata'), loadDataDir: template })).close();
    // This test process stands for the server: it holds the embedded database, and with it the office's turn.
    const server = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await copyFile(join(REPO_ROOT, 'demo/bright-smile-od.json'), join(dir, 'od.json'));
      const from = fake.requests.length;
      const refused = await practiceSync({ DATA_DIR: dataDir }, 'bright-smile-od', '--write', 'od.json');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Could not open the database');
      expect(fake.requests.slice(from)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
