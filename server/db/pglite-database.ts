import { PGlite, type PGliteInterface, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { registerCommitNotices, trackTransaction } from './commit-notices.ts';
import { keepText, parseInt8, PG_TYPE_OIDS, type Database, type Queryable } from './database.ts';

const parsers = {
  [PG_TYPE_OIDS.int8]: parseInt8,
  [PG_TYPE_OIDS.date]: keepText,
  [PG_TYPE_OIDS.timestamp]: keepText,
};

function wrap(client: PGliteInterface | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  };
}

/**
 * Opens the embedded database. `dataDir` undefined means in memory; `loadDataDir` starts from a
 * dump (tests copy one migrated template instead of migrating every file, which takes seconds).
 */
export async function openPgliteDatabase(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database & { dump(compression?: 'none' | 'gzip'): Promise<Blob> }> {
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist },
    parsers,
  });
  const root = wrap(pg);
  const database: Database & { dump(compression?: 'none' | 'gzip'): Promise<Blob> } = {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    async transaction(work) {
      let committed: { deliver(): void } | undefined;
      const result = await pg.transaction((raw) => {
        const tx = wrap(raw);
        committed = trackTransaction(database, tx);
        return work(tx);
      });
      // Its notices reach this process's listeners only once it committed (ADR 0069).
      committed?.deliver();
      return result;
    },
    // One process owns the embedded database: no other process can change what it offers.
    listen: () => ({ isListening: () => true, close: async () => undefined }),
    close: () => pg.close(),
    dump: (compression = 'none') => pg.dumpDataDir(compression) as Promise<Blob>,
  };
  registerCommitNotices(database, 'pglite');
  return database;
}
