import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openPgliteDatabase } from '../../db/pglite-database.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { insertConsents } from './consent-repository.ts';
import { recordBookingConsent, recordTextedKeyword } from './contact-consent.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let dir: string;
let env: Record<string, string>;
let testDb: TestDatabase | undefined;
let reference: string;

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

async function bookedAppointment(db: Database, practiceId: string): Promise<{ id: string; reference: string }> {
  const [row] = await db.query<{ id: string; reference: string }>(
    `insert into appointments (practice_id, pms_prov_num, pms_op_num, status) values ($1, 1, 1, 'requested')
       returning id, reference`,
    [practiceId],
  );
  return row!;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'consent-export-cli-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env as Record<string, string>;
  env = { ...inherited, DATA_DIR: dir, PUBLIC_URL: 'https://book.example.test', INIT_CWD: REPO_ROOT, NODE_ENV: 'test' };
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
  await withDatabase(async (db) => {
    const ids = await importPractices(
      db,
      practiceConfig(),
      practiceConfig({ form_url: 'other-practice', name: 'Other Practice' }),
    );
    const [ours, theirs] = [ids['test-practice']!, ids['other-practice']!];
    const booking = await bookedAppointment(db, ours);
    reference = booking.reference;
    await recordBookingConsent(db, {
      practiceId: ours,
      practiceName: 'Test Practice',
      appointmentId: booking.id,
      email: 'Ana.Lopez@Example.com',
      phone: '(512) 555-0123',
      place: 'booking_form',
      ip: '203.0.113.7',
      at: new Date('2026-03-03T14:00:00Z'),
    });
    const other = await bookedAppointment(db, theirs);
    await recordBookingConsent(db, {
      practiceId: theirs,
      practiceName: 'Other Practice',
      appointmentId: other.id,
      email: 'someone.else@example.com',
      phone: '(512) 555-0199',
      place: 'verification_step',
      ip: '198.51.100.9',
      at: new Date('2026-03-03T15:00:00Z'),
    });
    // One STOP to a number both practices text from is an opt-out at each (ADR 0033): one row each.
    await recordTextedKeyword(db, {
      practiceIds: [ours, theirs],
      phone: '+15125550123',
      isOptOut: true,
      words: 'STOP',
      at: new Date('2026-03-04T09:30:00Z'),
    });
    // Words a person typed, which a spreadsheet would run as a formula.
    await insertConsents(db, [
      {
        practiceId: ours,
        appointmentId: null,
        channel: 'email',
        recipient: 'ana.lopez@example.com',
        granted: false,
        source: 'staff',
        words: '=HYPERLINK("http://evil.example","Click")',
        ip: null,
        recordedAt: new Date('2026-03-05T16:00:00Z'),
      },
    ]);
  });
}, 90_000);
afterAll(async () => {
  await testDb?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/consent-export.ts', ...args], {
    cwd: REPO_ROOT,
    env,
  });
const failureOf = (args: string[]) =>
  run(args).then(
    () => expect.fail('the command should have failed'),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('npm run consent:export', () => {
  it("prints the practice's ledger as CSV, oldest first, and nothing of another practice", async () => {
    const { stdout, stderr } = await run(['test-practice']);
    expect(stderr).toBe('');
    expect(stdout.split('\r\n')).toEqual([
      'recorded_at,channel,recipient,decision,source,words,ip,reference',
      `2026-03-03T14:00:00.000Z,email,ana.lopez@example.com,granted,booking_form,I agree to receive ` +
        `text and email from Test Practice,203.0.113.7,${reference}`,
      `2026-03-03T14:00:00.000Z,sms,'+15125550123,granted,booking_form,I agree to receive text and ` +
        `email from Test Practice,203.0.113.7,${reference}`,
      "2026-03-04T09:30:00.000Z,sms,'+15125550123,withdrawn,sms_reply,STOP,,",
      `2026-03-05T16:00:00.000Z,email,ana.lopez@example.com,withdrawn,staff,` +
        `"'=HYPERLINK(""http://evil.example"",""Click"")",,`,
      '',
    ]);
  }, 60_000);

  it("prints the other practice's rows only for that practice", async () => {
    const { stdout } = await run(['other-practice']);
    expect(stdout).toContain('someone.else@example.com');
    expect(stdout).not.toContain('ana.lopez@example.com');
    expect(stdout.split('\r\n')).toHaveLength(1 + 3 + 1);
  }, 60_000);

  it('says so on stderr and exits 1 for a form_url no practice has', async () => {
    const failure = await failureOf(['no-such-practice']);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toBe('No practice has the form_url "no-such-practice".\n');
  }, 60_000);

  it('shows the usage and exits 1 without a form_url', async () => {
    const failure = await failureOf([]);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toMatch(/^Usage: npm run consent:export -- <form_url>/);
  }, 60_000);
});
