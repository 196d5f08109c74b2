import { describe, expect, it } from 'vitest';
import { withProcessDatabase } from '../../../test/process-database.ts';
import { importPractices, practiceConfig } from '../../../test/practice-factory.ts';
import { addStaff } from '../../../test/staff-factory.ts';
import { hashLinkToken } from '../../booking-links/link-tokens.ts';

const PUBLIC_URL = 'https://book.example.test';
let takenEmail: string;

/** The script is a separate process, on this file's database (ADR 0005). */
const database = withProcessDatabase(async (db) => {
  const ids = await importPractices(
    db,
    practiceConfig(),
    practiceConfig({ form_url: 'other-practice', name: 'Other Practice' }),
  );
  takenEmail = (await addStaff(db, { practiceIds: [ids['other-practice']!], email: 'taken@example.test' })).email;
});
const run = (args: string[]) => database.runCli('staff-add.ts', args, { PUBLIC_URL });
const failureOf = (args: string[]) => database.cliFailure('staff-add.ts', args, { PUBLIC_URL });
const LINK = new RegExp(`^${PUBLIC_URL}/console/set-password/([A-Za-z0-9_-]{32})\\n$`);

describe('npm run staff:add', () => {
  it('adds the account and prints a 24-hour link that sets its password', async () => {
    const { stdout, stderr } = await run([
      '--practice',
      'test-practice',
      '--email',
      'Owner@Example.test',
      '--role',
      'owner',
      '--name',
      'Olga Owner',
    ]);
    expect(stdout).toMatch(LINK);
    expect(stderr).toBe(
      'owner@example.test (owner) was added to test-practice. This link sets the password; it works once, for ' +
        '24 hours:\n',
    );
    const token = LINK.exec(stdout)![1]!;
    const rows = await database.use((db) =>
      db.query<{
        email: string;
        name: string;
        role: string;
        form_url: string;
        purpose: string;
        hours: number;
        action: string;
      }>(
        `select a.email, a.name, a.role, p.form_url, l.purpose,
           extract(epoch from l.expires_at - l.created_at)::int / 3600 as hours, au.action
           from staff_accounts a join staff_memberships m on m.account_id = a.id
           join practices p on p.id = m.practice_id
           join staff_password_links l on l.account_id = a.id join staff_audit au on au.target_id = a.id::text
          where l.token_hash = $1`,
        [hashLinkToken(token)],
      ),
    );
    expect(rows).toEqual([
      {
        email: 'owner@example.test',
        name: 'Olga Owner',
        role: 'owner',
        form_url: 'test-practice',
        purpose: 'invite',
        hours: 24,
        action: 'staff.invite',
      },
    ]);
  }, 60_000);

  it('adds an operator to a second practice when run again with it', async () => {
    await run(['--practice', 'test-practice', '--email', 'ops@example.test', '--role', 'operator']);
    const { stdout, stderr } = await run([
      '--practice',
      'other-practice',
      '--email',
      'ops@example.test',
      '--role',
      'operator',
    ]);
    expect(stderr).toMatch(/^ops@example.test \(operator\) now also belongs to other-practice\./);
    expect(stdout).toMatch(LINK);
    const practices = await database.use((db) =>
      db.query<{ form_url: string }>(
        `select p.form_url from staff_memberships m join practices p on p.id = m.practice_id join
           staff_accounts a on a.id = m.account_id where a.email = 'ops@example.test' order by p.form_url`,
      ),
    );
    expect(practices.map((row) => row.form_url)).toEqual(['other-practice', 'test-practice']);
  }, 60_000);

  it('exits 2 with a clear message for an unknown practice, a bad role, or an e-mail of another practice', async () => {
    // Each run starts a process (seconds); the other argument problems are staff-add-args.test.ts's.
    const cases: [string[], RegExp][] = [
      [
        ['--practice', 'no-such-practice', '--email', 'x@example.test', '--role', 'owner'],
        /^No practice has the form_url "no-such-practice"\.\n$/,
      ],
      [
        ['--practice', 'test-practice', '--email', 'x@example.test', '--role', 'admin'],
        /^Unknown role "admin": use owner, front_desk or operator\.\n$/,
      ],
      [
        ['--practice', 'test-practice', '--email', takenEmail, '--role', 'front_desk'],
        /^taken@example.test already has an account \(another practice's, or another role\)/,
      ],
    ];
    for (const [args, message] of cases) {
      const failure = await failureOf(args);
      expect(failure.code, args.join(' ')).toBe(2);
      expect(failure.stdout).toBe('');
      expect(failure.stderr).toMatch(message);
    }
    const [taken] = await database.use((db) =>
      db.query<{ count: number }>(
        `select count(*)::int as count from staff_memberships m join staff_accounts a on a.id = m.account_id
           where a.email = $1`,
        [takenEmail],
      ),
    );
    expect(taken!.count).toBe(1);
  }, 120_000);
});
