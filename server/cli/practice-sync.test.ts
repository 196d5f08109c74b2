import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { odOperatory, odProvider, startFakeOpenDental, type FakeOpenDental } from '../test/fake-opendental-server.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
let dir: string;
let fake: FakeOpenDental;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-sync-cli-'));
  fake = await startFakeOpenDental({ developerKey: 'dev' });
  const office = fake.office('demo');
  office.providers = [odProvider(1, 'Ana', 'Ruiz'), odProvider(2, 'Ben', 'Carter'), odProvider(3, 'Chloe', 'Nguyen'), odProvider(4, 'Dan', 'Hill')];
  office.operatories = [odOperatory(1, 'Op 1'), odOperatory(2, 'Op 2'), odOperatory(3, 'Hyg 1'), odOperatory(4, 'Op 4')];
});
afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run practice:sync', () => {
  it('prints the demo practice\'s Open Dental setup as configuration JSON, offered and not offered', async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const options = { cwd: REPO_ROOT, env: { ...env, DATA_DIR: join(dir, 'data'), INIT_CWD: REPO_ROOT, OPENDENTAL_API_URL: fake.baseUrl, OPENDENTAL_DEVELOPER_KEY: 'dev', OPENDENTAL_REQUESTS_PER_SECOND: '100' } };
    await run(process.execPath, ['--import', 'tsx', 'server/cli/practice-import.ts', 'demo/bright-smile-od.json'], options);
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli/practice-sync.ts', 'bright-smile-od'], options);
    const printed = JSON.parse(stdout);
    expect(printed.form_url).toBe('bright-smile-od');
    expect(printed.offered.providers.map((p: { pms_prov_num: number }) => p.pms_prov_num)).toEqual([1, 2, 3]);
    expect(printed.offered.providers[2]).toEqual({ pms_prov_num: 3, provider_display_name: 'Chloe Nguyen, RDH', provider_first_name: 'Chloe', provider_last_name: 'Nguyen', profile_pic: null });
    expect(printed.not_offered).toEqual({
      clinics: [],
      providers: [{ pms_prov_num: 4, provider_display_name: 'Dan Hill', provider_first_name: 'Dan', provider_last_name: 'Hill', profile_pic: null }],
      operatories: [{ pms_op_num: 4, name: 'Op 4', pms_clinic_num: null }],
    });
    expect(stderr).toContain('Not offered: 0 clinics, 1 providers, 1 operatories');
  }, 60_000);

  it('refuses to run without a developer key', async () => {
    const { DATABASE_URL: _ignored, OPENDENTAL_DEVELOPER_KEY: _key, ...env } = process.env;
    const failure = await run(process.execPath, ['--import', 'tsx', 'server/cli/practice-sync.ts', 'bright-smile-od'], { cwd: REPO_ROOT, env: { ...env, DATA_DIR: join(dir, 'data') } }).then(
      () => expect.fail('should fail'),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('OPENDENTAL_DEVELOPER_KEY is not set');
  });
});
