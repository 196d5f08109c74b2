import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { createTestDatabase, isPostgres, type TestDatabase } from '../test/test-database.ts';

/** ADR 0087: a statement with parameters is parsed and planned once per connection, then run by its name. */
describe.runIf(isPostgres)('prepared statements on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.destroy());

  /** The statements this connection has prepared, after running `sql` twice in one transaction. */
  const preparedAfterTwoRuns = (db: Database, sql: string) =>
    db.transaction(async (tx) => {
      expect(await tx.query(sql, [20])).toEqual([{ doubled: 40 }]);
      expect(await tx.query(sql, [21])).toEqual([{ doubled: 42 }]);
      return tx.query<{ statement: string }>('select statement from pg_prepared_statements where statement = $1', [
        sql,
      ]);
    });

  it('prepares a statement once and runs it again by name', async () => {
    const sql = 'select $1::int * 2 as doubled';
    expect(await preparedAfterTwoRuns(test.db, sql)).toEqual([{ statement: sql }]);
  });

  it('prepares nothing when turned off', async () => {
    const db = openPostgresDatabase(test.url!, { preparedStatements: false });
    try {
      expect(await preparedAfterTwoRuns(db, 'select $1::int * 2 as doubled ')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('still runs several statements without parameters in one text', async () => {
    await test.db.exec('create table prepared_a (id int); create table prepared_b (id int)');
    expect(await test.db.query('select count(*)::int as n from prepared_a')).toEqual([{ n: 0 }]);
  });
});
