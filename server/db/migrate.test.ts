import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MigrationError } from './migrate.ts';
import { openPgliteDatabase } from './pglite-database.ts';

let dir: string;
beforeAll(async () => {
  dir = `${await mkdtemp(join(tmpdir(), 'migrations-'))}/`;
  await writeFile(join(dir, '0001_first.sql'), 'create table first_table (id integer primary key);');
  await writeFile(
    join(dir, '0002_broken.sql'),
    'create table second_table (id integer primary key); select * from no_such_table;',
  );
  await writeFile(join(dir, 'notes.txt'), 'not a migration');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('migrate', () => {
  it('applies files in order, stops at a failing one with its name and error, and rolls it back', async () => {
    const db = await openPgliteDatabase();
    const error = await migrate(db, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(/^Migration 0002_broken\.sql failed: .*no_such_table/);
    const applied = await db.query<{ name: string }>('select name from schema_migrations');
    expect(applied.map((row) => row.name)).toEqual(['0001_first.sql']);
    const tables = await db.query(`select 1 from information_schema.tables where table_name = 'second_table'`);
    expect(tables).toHaveLength(0);
    await db.close();
  });

  it('applies the real migrations once and finds nothing to do the second time', async () => {
    const db = await openPgliteDatabase();
    expect((await migrate(db)).length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);
    const [extension] = await db.query(`select extname from pg_extension where extname = 'btree_gist'`);
    expect(extension).toEqual({ extname: 'btree_gist' });
    await db.close();
  });
});
