import { describe, expect, it } from 'vitest';
import { importPractices, practiceConfig } from './test/practice-factory.ts';
import { withProcessDatabase } from './test/process-database.ts';

/**
 * Production starts with e-mail alone; a practice with a paid reason stops the start on a server
 * without Stripe, naming the practice and the reason (ADR 0029).
 */
const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' };
// A server process starts in a few seconds, more on a busy machine.
const START_TIMEOUT_MS = 90_000;
// An empty database of the engine under test, as the server's environment.
const database = withProcessDatabase();

async function startFails(env: Record<string, string>): Promise<string> {
  const error = await database.startServer(env, { captureOutput: true }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('starting in production', () => {
  it(
    'starts with SMTP alone while no practice takes payments, and refuses once one offers a paid reason, naming both',
    async () => {
      const importAndClose = (...practices: Record<string, unknown>[]) =>
        database.use((db) => importPractices(db, ...practices));
      const exam = { name: 'Exam', final_duration: 30 };
      await importAndClose(practiceConfig({ form_url: 'free-practice', reasons: [exam] }));
      const emailOnly = await database.startServer(PRODUCTION);
      expect((await fetch(`${emailOnly.base}/api/v1/form/free-practice`)).status).toBe(200);
      await emailOnly.kill('SIGTERM');

      await importAndClose(
        practiceConfig({
          form_url: 'paid-practice',
          reasons: [exam, { name: 'Whitening', final_duration: 30, amount: 50, is_payment_enabled: true }],
        }),
      );
      const output = await startFails(PRODUCTION);
      expect(output).toContain('server exited with 1');
      expect(output).toContain(
        'practice "paid-practice" offers the paid reason "Whitening", but this server takes no card payments',
      );
      expect(output).not.toContain('free-practice');
    },
    2 * START_TIMEOUT_MS,
  );
});
