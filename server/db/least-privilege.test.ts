import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { importPractices, practiceConfig } from '../test/practice-factory.ts';
import { openPgliteDatabase } from './pglite-database.ts';

/**
 * README "A role for the app with only the rights it uses" (ADR 0043), run as written: the grants
 * block of the README itself, then the app's role starts (checks its migrations), books and reads,
 * and cannot empty, change or switch off the ledgers. PGlite runs PostgreSQL's own privilege
 * checks, as a superuser that here plays the owner.
 */
const README = new URL('../../README.md', import.meta.url);

async function documentedGrants(): Promise<string> {
  const readme = await readFile(README, 'utf8');
  const section = readme.split('### A role for the app with only the rights it uses')[1]!.split('\n## ')[0]!;
  const blocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks, 'the roles block and the grants block').toHaveLength(2);
  // PGlite's one database is `postgres`.
  return blocks[1]!.replaceAll('database chairtime ', 'database postgres ');
}

let db: Database;
let practiceId: string;

beforeAll(async () => {
  db = await openPgliteDatabase();
  await migrate(db);
  await db.exec(`create role chairtime_app`);
  await db.exec(await documentedGrants());
  await db.exec('set role chairtime_app');
  // The practice import writes, updates and deletes across a dozen tables: as the app role too.
  practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
});
afterAll(() => db?.close());

describe('the app role of the README', () => {
  it('starts: the migrations are checked and none is left to apply', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('books and reads a booking, and appends to the ledgers', async () => {
    const [booked] = await db.query<{ id: string }>(
      `insert into appointments (practice_id, pms_prov_num, pms_op_num, starts_at, ends_at, status)
       values ($1, 1, 1, '2026-03-03T14:00:00Z', '2026-03-03T14:30:00Z', 'booked') returning id`,
      [practiceId],
    );
    await db.query(`update appointments set status = 'confirmed' where id = $1`, [booked!.id]);
    expect(await db.query(`select status from appointments where id = $1`, [booked!.id])).toEqual([
      { status: 'confirmed' },
    ]);
    await db.query(
      `insert into contact_consents (practice_id, appointment_id, channel, recipient, granted, source, words,
         recorded_at)
       values ($1, $2, 'email', 'pat@example.com', true, 'booking_form', 'E-mail me', now())`,
      [practiceId, booked!.id],
    );
    await db.query(`insert into staff_audit (at, account_email, action) values (now(), 'desk@example.com', 'x')`);
    expect(await db.query(`select action from staff_audit`)).toEqual([{ action: 'x' }]);
  });

  it('cannot empty, change, delete or switch off the ledgers, nor mark a migration as applied', async () => {
    for (const sql of [
      'truncate staff_audit',
      'truncate contact_consents',
      `delete from staff_audit`,
      `update contact_consents set granted = false`,
      'alter table staff_audit disable trigger staff_audit_append_only',
      'drop table contact_consents',
      `insert into schema_migrations (name) values ('9999_never_ran.sql')`,
    ])
      await expect(db.query(sql), sql).rejects.toThrow(/permission denied|must be owner/);
  });
});
