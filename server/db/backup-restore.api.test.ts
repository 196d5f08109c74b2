import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookVisit } from '../test/booking-requests.ts';
import { adminQuery } from '../test/api-global-setup.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { solveBotChallenge } from '../test/bot-challenge.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';
import { createTestApp, fixedClock } from '../test/test-app.ts';
import { withProcessDatabase } from '../test/process-database.ts';
import type { Database } from './database.ts';
import { embeddedDataPath } from './open-database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/**
 * The procedure of README "Backup and restore" (ADR 0018), with the real commands: book, back up,
 * wipe, restore, find the booking, and find its slot still taken (the constraints came back too).
 * PGlite: `npm run db:backup` / `npm run db:restore`. PostgreSQL: pg_dump / pg_restore.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');

interface Engine {
  /** The migrated database, empty until the first test books in it. */
  open(): Promise<Database>;
  backup(file: string): Promise<Run>;
  wipe(): Promise<void>;
  isWiped(): Promise<boolean>;
  /** `over`: replace a database that is there (PGlite: --force, which sets it aside; PostgreSQL: --clean). */
  restore(file: string, options?: { over: boolean }): Promise<Run>;
}

interface Run {
  code: number | null;
  output: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The fixture's DATA_DIR holds a copy of the migrated template; wiping it removes the database's files. */
function pgliteEngine(dataDir: string): Engine {
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  return {
    open: () => openPgliteDatabase({ dataDir: embeddedDataPath(dataDir) }),
    backup: (file) => run('npm', ['run', '--silent', 'db:backup', '--', file], env),
    wipe: () => rm(embeddedDataPath(dataDir), { recursive: true, force: true }),
    isWiped: async () => !(await readdir(embeddedDataPath(dataDir)).catch(() => [])).length,
    restore: (file, options) =>
      run('npm', ['run', '--silent', 'db:restore', '--', file, ...(options?.over ? ['--force'] : [])], env),
  };
}

function postgresEngine(url: string): Engine {
  const name = new URL(url).pathname.slice(1);
  const admin = process.env.TEST_DATABASE_URL!;
  return {
    open: async () => openPostgresDatabase(url),
    backup: (file) => run('pg_dump', ['--format=custom', `--file=${file}`, url]),
    wipe: async () => {
      await adminQuery(admin, `drop database ${name} with (force)`);
      await adminQuery(admin, `create database ${name}`);
    },
    isWiped: async () => {
      const db = openPostgresDatabase(url);
      try {
        return (await db.query<{ t: string | null }>(`select to_regclass('appointments')::text as t`))[0]!.t === null;
      } finally {
        await db.close();
      }
    },
    restore: (file, options) =>
      run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        ...(options?.over ? ['--clean', '--if-exists'] : []),
        `--dbname=${url}`,
        file,
      ]),
  };
}

const database = withProcessDatabase();
let engine: Engine;
beforeAll(() => {
  const url = database.storage.DATABASE_URL;
  engine = url ? postgresEngine(url) : pgliteEngine(database.dir);
});

const SLOT = { start_time: '10:00:00', end_time: '10:30:00', email: 'backed.up@example.com' };
const LATER = { start_time: '11:00:00', end_time: '11:30:00', email: 'after.backup@example.com' };
const file = () => join(database.dir, 'backup.file');

let firstId: string;

async function appointmentIds(): Promise<string[]> {
  const db = await engine.open();
  try {
    return (await db.query<{ id: string }>('select id from appointments order by starts_at')).map((r) => r.id);
  } finally {
    await db.close();
  }
}

describe(`backup and restore on ${process.env.TEST_DB_KIND ?? 'pglite'}`, () => {
  it(
    'books, backs up, wipes, restores, and finds the booking with its slot still taken',
    { timeout: 120_000 },
    async () => {
      const db = await engine.open();
      const practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
      const exam = await reasonId(db, practiceId, 'Exam');
      const app = await createTestApp(db, { clock });
      const appointmentId = (firstId = await bookVisit(app, { practiceId, reasonId: exam, ...SLOT }));
      await app.close();
      await db.close();

      const backup = await engine.backup(file());
      expect(backup.code, backup.output).toBe(0);
      await engine.wipe();
      expect(await engine.isWiped()).toBe(true);
      const restore = await engine.restore(file());
      expect(restore.code, restore.output).toBe(0);

      const restored = await engine.open();
      try {
        const rows = await restored.query<{ id: string; email: string; status: string }>(
          'select a.id, p.email, a.status from appointments a join patients p on p.id = a.patient_id where a.id = $1',
          [appointmentId],
        );
        expect(rows).toEqual([{ id: appointmentId, email: SLOT.email, status: 'booked' }]);
        const again = await createTestApp(restored, { clock });
        const taken = await again.inject({
          method: 'POST',
          url: '/api/v1/appointment',
          payload: bookingBody({ practice_id: practiceId, rfv_id: exam, ...SLOT, email: 'someone.else@example.com' }),
          headers: { 'x-bot-challenge': await solveBotChallenge(again) },
        });
        await again.close();
        expect(taken.json().code).toBe('SLOT_TAKEN');
      } finally {
        await restored.close();
      }
    },
  );

  it(
    'refuses to restore over a database that is there; told to, it goes back to the backup',
    { timeout: 120_000 },
    async () => {
      const db = await engine.open();
      const [practice] = await db.query<{ id: string }>(`select id from practices where form_url = 'test-practice'`);
      const app = await createTestApp(db, { clock });
      const laterId = await bookVisit(app, {
        practiceId: practice!.id,
        reasonId: await reasonId(db, practice!.id, 'Exam'),
        ...LATER,
      });
      await app.close();
      await db.close();

      const refused = await engine.restore(file());
      expect(refused.code).not.toBe(0);
      expect(await appointmentIds()).toEqual([firstId, laterId]);

      const replaced = await engine.restore(file(), { over: true });
      expect(replaced.code, replaced.output).toBe(0);
      expect(await appointmentIds()).toEqual([firstId]);
      if (process.env.TEST_DB_KIND !== 'postgres')
        expect(replaced.output).toMatch(/The database that was there is kept in \S+pgdata\.before-restore-/);
    },
  );
});
