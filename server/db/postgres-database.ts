import pg from 'pg';
import { registerCommitNotices, trackTransaction, type RemoteNotice } from './commit-notices.ts';
import { keepText, parseInt8, PG_TYPE_OIDS, type Database, type Queryable } from './database.ts';
import { listenOnPostgres } from './postgres-listener.ts';
import { statementNamer, type StatementNamer } from './statement-names.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPE_OIDS.int8) return parseInt8;
    if (oid === PG_TYPE_OIDS.date || oid === PG_TYPE_OIDS.timestamp) return keepText;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** At most this many texts are prepared per connection: every statement the product writes, with room to spare. */
const PREPARED_STATEMENTS_LIMIT = 2_000;

function wrap(client: pg.Pool | pg.PoolClient, nameOf: StatementNamer): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query({ name: nameOf(sql, params), text: sql, values: [...params], types });
      return result.rows as Row[];
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/**
 * COMMIT, after the notices for other processes when there are any: one round trip for both (ADR 0087). The simple
 * protocol takes no parameters, so channel and payload are written as escaped literals; a failing notice (a payload
 * over PostgreSQL's 8,000 bytes) fails the COMMIT's text, and the transaction rolls back as when it was sent alone.
 */
function commitText(client: pg.PoolClient, notices: readonly RemoteNotice[]): string {
  if (notices.length === 0) return 'COMMIT';
  const calls = notices.map((n) => `pg_notify(${client.escapeLiteral(n.channel)}, ${client.escapeLiteral(n.payload)})`);
  return `select ${calls.join(', ')}; COMMIT`;
}

/**
 * A pool against a PostgreSQL server; connection errors surface on the first query, not here. Statements with
 * parameters are prepared once per connection (ADR 0087) unless `preparedStatements` is false, for a pooler that
 * cannot keep them (PgBouncer before 1.21 in transaction mode).
 */
export function openPostgresDatabase(
  connectionString: string,
  options: { max?: number; preparedStatements?: boolean } = {},
): Database {
  const nameOf: StatementNamer =
    options.preparedStatements === false ? () => undefined : statementNamer(PREPARED_STATEMENTS_LIMIT);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // A request waits at most this long for a free connection; beyond it the answer is a 503.
    connectionTimeoutMillis: 10_000,
    // Without this an idle connection that the server drops would crash the process.
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => {
    // A broken idle client is removed from the pool; the next query reconnects.
  });
  const root = wrap(pool, nameOf);
  const database: Database = {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    async transaction(work) {
      const client = await pool.connect();
      // The pool listens for errors on idle clients only. A connection the server ends while it is
      // checked out (a restart, a failover) would otherwise be an unhandled 'error' event and stop
      // the process; with a listener its next query fails, the request gets a 503, and the broken
      // client is dropped from the pool on release.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const tx = wrap(client, nameOf);
        const committed = trackTransaction(database, tx);
        const result = await work(tx);
        await client.query(commitText(client, committed.remote));
        // PostgreSQL sent its pg_notify to other processes at COMMIT; this process hears them now (ADR 0069).
        committed.deliver();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
    close: () => pool.end(),
  };
  registerCommitNotices(database, 'postgres');
  return database;
}
