import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server/test/server-process.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);
let standIn: ChildProcess | undefined;
let server: ServerProcess | undefined;
let dir: string | undefined;

afterAll(async () => {
  await server?.kill('SIGTERM');
  standIn?.kill('SIGTERM');
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The stand-in's first line names its address; a bounded wait, since a broken script prints nothing. */
function startStandIn(): Promise<string> {
  return new Promise((resolve, reject) => {
    standIn = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-opendental.ts', '0'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no address within 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Open Dental stand-in on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    standIn.stdout!.on('data', read);
    standIn.stderr!.on('data', read);
    standIn.once('exit', (code) => reject(new Error(`the stand-in exited (${code}):\n${output}`)));
  });
}

describe('npm run dev:opendental', () => {
  it('gives the demo practice bright-smile-od real slots from the stand-in, as the README walks through', async () => {
    const apiUrl = await startStandIn();
    dir = await mkdtemp(join(tmpdir(), 'dev-opendental-'));
    const { DATABASE_URL: _ignored, ...env } = process.env;
    await run(process.execPath, ['--import', 'tsx', 'server/cli/practice-import.ts', 'demo/bright-smile-od.json'], {
      cwd: REPO_ROOT,
      env: { ...env, DATA_DIR: dir, INIT_CWD: REPO_ROOT },
    });
    server = await startServerProcess({
      DATA_DIR: dir,
      OPENDENTAL_API_URL: apiUrl,
      OPENDENTAL_DEVELOPER_KEY: 'dev',
      OPENDENTAL_REQUESTS_PER_SECOND: '20',
    });

    const practice = (await (await fetch(`${server.base}/api/v1/form/bright-smile-od`)).json()).result;
    const reasons: { id: string; name: string }[] = (
      await (
        await fetch(`${server.base}/api/v1/reason-for-visit?practice_id=${practice.id}&patient_status=New%20Patient`)
      ).json()
    ).result;
    const exam = reasons.find((r) => r.name === 'New Patient Exam')!;
    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const ask = () =>
      fetch(
        `${server!.base}/api/v1/appointment/slots?practice_id=${practice.id}&reason_for_visit_id=${exam.id}` +
          `&start_date=${today}&end_date=${inTwoWeeks}`,
      );
    // Until the mirror's first fill (ADR 0071) has read the office, slots are "not available" (503).
    await expect.poll(async () => (await ask()).status, { timeout: 30_000, interval: 250 }).toBe(200);
    const answer = await ask();
    const slots: { DateTimeStart: string; ProvNum: number; OpNum: number }[] = (await answer.json()).result;
    // Weekdays 08:00-17:00 for Dr. Ruiz and Dr. Carter in their own chairs, lunch blocked out.
    expect(slots.length).toBeGreaterThan(0);
    expect(new Set(slots.map((s) => `${s.ProvNum}/${s.OpNum}`))).toEqual(new Set(['1/1', '2/2']));
    expect(slots.some((s) => s.DateTimeStart.endsWith(' 12:00:00'))).toBe(false);
  }, 90_000);
});
