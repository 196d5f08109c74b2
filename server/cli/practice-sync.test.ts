import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  odOperatory,
  odProvider,
  syncedProvider,
  startFakeOpenDental,
  type FakeOpenDental,
} from '../test/fake-opendental-server.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
let dir: string;
let fake: FakeOpenDental;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-sync-cli-'));
  fake = await startFakeOpenDental({ developerKey: 'dev' });
  const office = fake.office('demo');
  office.providers = [
    odProvider(1, 'Ana', 'Ruiz'),
    odProvider(2, 'Ben', 'Carter'),
    odProvider(3, 'Chloe', 'Nguyen'),
    odProvider(4, 'Dan', 'Hill'),
  ];
  office.operatories = [
    odOperatory(1, 'Op 1'),
    odOperatory(2, 'Op 2'),
    odOperatory(3, 'Hyg 1'),
    odOperatory(4, 'Op 4'),
  ];
});
afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run practice:sync', () => {
  it("prints the demo practice's Open Dental setup as configuration JSON, offered and not offered", async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const options = {
      cwd: REPO_ROOT,
      env: {
        ...env,
        DATA_DIR: join(dir, 'data'),
        INIT_CWD: REPO_ROOT,
        OPENDENTAL_API_URL: fake.baseUrl,
        OPENDENTAL_DEVELOPER_KEY: 'dev',
        OPENDENTAL_REQUESTS_PER_SECOND: '100',
      },
    };
    await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli/practice-import.ts', 'demo/bright-smile-od.json'],
      options,
    );
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli/practice-sync.ts', 'bright-smile-od'],
      options,
    );
    const printed = JSON.parse(stdout);
    expect(printed.form_url).toBe('bright-smile-od');
    expect(printed.offered.providers.map((p: { pms_prov_num: number }) => p.pms_prov_num)).toEqual([1, 2, 3]);
    expect(printed.offered.providers[2]).toEqual(syncedProvider(3, 'Chloe', 'Nguyen', 'Chloe Nguyen, RDH'));
    expect(printed.not_offered).toEqual({
      clinics: [],
      providers: [syncedProvider(4, 'Dan', 'Hill')],
      operatories: [{ pms_op_num: 4, name: 'Op 4', pms_clinic_num: null }],
    });
    expect(stderr).toContain('Not offered: 0 clinics, 1 providers, 1 operatories');
  }, 60_000);

  it('--write brings the configuration file in line with Open Dental, once, and the file still imports', async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const options = {
      cwd: REPO_ROOT,
      env: {
        ...env,
        DATA_DIR: join(dir, 'write-data'),
        INIT_CWD: dir,
        OPENDENTAL_API_URL: fake.baseUrl,
        OPENDENTAL_DEVELOPER_KEY: 'dev',
        OPENDENTAL_REQUESTS_PER_SECOND: '100',
      },
    };
    const file = join(dir, 'od.json');
    await copyFile(join(REPO_ROOT, 'demo/bright-smile-od.json'), file);
    const before = JSON.parse(await readFile(file, 'utf8')).practices[0];

    const first = await run(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'server/cli/practice-sync.ts'), 'bright-smile-od', '--write', 'od.json'],
      options,
    );
    expect(first.stderr).toContain('new under "not_offered": provider 4, operatory 4');
    const written = await readFile(file, 'utf8');
    const practice = JSON.parse(written).practices[0];
    expect(practice.providers).toEqual(before.providers);
    expect(practice.operatories).toEqual(before.operatories.map((o: object) => ({ ...o, pms_clinic_num: null })));
    expect(practice.not_offered.providers).toEqual([syncedProvider(4, 'Dan', 'Hill')]);
    expect(practice.not_offered.operatories).toEqual([{ pms_op_num: 4, name: 'Op 4', pms_clinic_num: null }]);
    expect(practice.reasons).toEqual(before.reasons);

    const second = await run(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'server/cli/practice-sync.ts'), 'bright-smile-od', '--write', file],
      options,
    );
    expect(second.stderr).toContain('already matches Open Dental: nothing changed');
    expect(await readFile(file, 'utf8')).toBe(written);

    const imported = await run(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'server/cli/practice-import.ts'), file],
      options,
    );
    expect(imported.stdout).toContain('created bright-smile-od');
  }, 60_000);

  it('--write names a practice the file does not have, and writes nothing', async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const file = join(dir, 'other.json');
    await copyFile(join(REPO_ROOT, 'demo/bright-smile-od.json'), file);
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli/practice-sync.ts', 'lakeside-dental', '--write', file],
      {
        cwd: REPO_ROOT,
        env: { ...env, DATA_DIR: join(dir, 'data'), OPENDENTAL_API_URL: fake.baseUrl, OPENDENTAL_DEVELOPER_KEY: 'dev' },
      },
    ).then(
      () => expect.fail('should fail'),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain(`${file} has no practice with the form_url "lakeside-dental".`);
    expect(await readFile(file, 'utf8')).toBe(await readFile(join(REPO_ROOT, 'demo/bright-smile-od.json'), 'utf8'));
  });

  it('refuses to run without a developer key', async () => {
    const { DATABASE_URL: _ignored, OPENDENTAL_DEVELOPER_KEY: _key, ...env } = process.env;
    const failure = await run(process.execPath, ['--import', 'tsx', 'server/cli/practice-sync.ts', 'bright-smile-od'], {
      cwd: REPO_ROOT,
      env: { ...env, DATA_DIR: join(dir, 'data') },
    }).then(
      () => expect.fail('should fail'),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('OPENDENTAL_DEVELOPER_KEY is not set');
  });
});
