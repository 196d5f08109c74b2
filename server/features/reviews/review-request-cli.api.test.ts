import { describe, expect, it } from 'vitest';
import { withProcessDatabase } from '../../test/process-database.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';

/** The script is a separate process, on this file's database (ADR 0005). */
const database = withProcessDatabase(async (db) => {
  await importPractices(db, practiceConfig());
});
const run = (args: string[]) => database.runCli('review-request.ts', args);

describe('npm run review:request', () => {
  it('creates a request through the service and prints only its URL on stdout', async () => {
    const options = '--practice test-practice --first-name Ana --last-name Lopez --email ana@example.com';
    const { stdout, stderr } = await run([...options.split(' '), '--consented', '--send']);
    expect(stdout).toMatch(/^https:\/\/book\.example\.test\/review\/[A-Za-z0-9_-]{32}\n$/);
    expect(stderr).toMatch(/^request_id [0-9a-f-]{36}; queued by email\n$/);
    const rows = await database.use((db) =>
      db.query<{ patient_first_name: string; sent_via: string[] }>(
        'select patient_first_name, sent_via from review_requests',
      ),
    );
    expect(rows).toEqual([{ patient_first_name: 'Ana', sent_via: ['email'] }]);
    const jobs = await database.use((db) =>
      db.query<{ type: string }>(`select type from jobs where type = 'email.send'`),
    );
    expect(jobs).toHaveLength(1);
  }, 90_000);

  it('shows the usage and exits 1, touching no database, when options are missing', async () => {
    const failure = await database.cliFailure('review-request.ts', ['--practice', 'test-practice']);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toMatch(/^Missing --first-name, --last-name\n\nUsage: npm run review:request/);
  }, 60_000);
});
