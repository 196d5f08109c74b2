import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-import-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI on a file holding `practices`; it must fail. Returns its exit code and stderr lines. */
async function importFailing(name: string, practices: unknown[]): Promise<{ code: number; lines: string[] }> {
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify({ practices }));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/practice-import.ts', file], {
    cwd: REPO_ROOT,
    env: { ...env, DATA_DIR: join(dir, 'data'), INIT_CWD: REPO_ROOT },
  });
  const failure = await run.then(
    () => expect.fail('the import should have failed'),
    (error: { code: number; stderr: string }) => error,
  );
  return { code: failure.code, lines: failure.stderr.trim().split('\n') };
}

describe('npm run practice:import', () => {
  it('rejects an invalid file with every problem on stderr, exit 1 and no database touched', async () => {
    const { code, lines } = await importFailing('practices', [
      {
        form_url: 'ok-practice',
        name: 'OK',
        server_tz: 'Mars/Olympus',
        reasons: [{ name: 'Exam', final_duration: 0 }],
      },
    ]);
    expect(code).toBe(1);
    expect(lines.slice(1)).toEqual([
      'practices[0].server_tz: must be an IANA time zone such as America/Chicago',
      'practices[0].reasons[0].final_duration: must be a positive whole number of minutes',
    ]);
    expect(lines[0]).toContain('Nothing imported');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('refuses a form_url the product uses for its own pages, naming it', async () => {
    const { code, lines } = await importFailing('reserved', [
      { form_url: 'embed', name: 'Embed Dental', server_tz: 'America/Chicago' },
    ]);
    expect(code).toBe(1);
    expect(lines[0]).toContain('Nothing imported: 1 problem(s)');
    expect(lines.slice(1)).toEqual([
      'practices[0].form_url: "embed" is reserved for the product\'s own pages; choose another form_url',
    ]);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});
