import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { importPractices, practiceConfig } from './test/practice-factory.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';
import { createTestDatabase, type TestDatabase } from './test/test-database.ts';

/**
 * Production starts with e-mail alone; a practice with a paid reason stops the start on a server
 * without Stripe, naming the practice and the reason (ADR 0029).
 */
const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' };
// A server process starts in a few seconds, more on a busy machine.
const START_TIMEOUT_MS = 90_000;
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
  for (const cleanup of cleanups) await cleanup();
});

/** An empty database of the engine under test, as the server's environment and an open handle. */
async function storage(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const testDb: TestDatabase = await createTestDatabase();
    cleanups.push(() => testDb.destroy());
    await testDb.db.query('select 1');
    return { env: { DATABASE_URL: testDb.url! }, open: async () => testDb.db };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'start-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ databaseUrl: undefined, dataDir }) };
}

async function startFails(env: Record<string, string>): Promise<string> {
  const error = await startServerProcess(env, { captureOutput: true }).then(
    (server) => {
      running.push(server);
      return null;
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('starting in production', () => {
  it(
    'starts with SMTP alone while no practice takes payments, and refuses once one offers a paid reason, naming both',
    async () => {
      const store = await storage();
      const importAndClose = async (...practices: Record<string, unknown>[]) => {
        const db = await store.open();
        await importPractices(db, ...practices);
        if (process.env.TEST_DB_KIND !== 'postgres') await db.close();
      };
      const exam = { name: 'Exam', final_duration: 30 };
      await importAndClose(practiceConfig({ form_url: 'free-practice', reasons: [exam] }));
      const emailOnly = await startServerProcess({ ...PRODUCTION, ...store.env });
      running.push(emailOnly);
      expect((await fetch(`${emailOnly.base}/api/v1/form/free-practice`)).status).toBe(200);
      await emailOnly.kill('SIGTERM');

      await importAndClose(
        practiceConfig({
          form_url: 'paid-practice',
          reasons: [exam, { name: 'Whitening', final_duration: 30, amount: 50, is_payment_enabled: true }],
        }),
      );
      const output = await startFails({ ...PRODUCTION, ...store.env });
      expect(output).toContain('server exited with 1');
      expect(output).toContain(
        'practice "paid-practice" offers the paid reason "Whitening", but this server takes no card payments',
      );
      expect(output).not.toContain('free-practice');
    },
    2 * START_TIMEOUT_MS,
  );
});
