/**
 * The one seam between the embedded database (PGlite) and a PostgreSQL server.
 * Repositories take a `Queryable` so they run the same inside or outside a transaction.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a parameterless script of several statements (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Hears `pg_notify(channel, …)` of other processes on a connection of its own. PGlite is one
   * process's database, so there nobody else can change anything and the listener is always live.
   */
  listen(channel: string, handlers: NotificationHandlers): NotificationListener;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onNotification(payload: string): void;
  /** Listening (again). Whatever was sent while not listening is lost for good. */
  onListening(): void;
  /** The connection broke while listening; reconnecting is under way. */
  onLost(error: Error): void;
}

export interface NotificationListener {
  isListening(): boolean;
  close(): Promise<void>;
}

/** The first row a query returns, or null when it returns none (a `findX` in one line). */
export async function firstRow<Row>(db: Queryable, sql: string, params?: readonly unknown[]): Promise<Row | null> {
  const rows = await db.query<Row>(sql, params);
  return rows[0] ?? null;
}

/**
 * The insert lost to an overlapping appointment: the exclusion constraints refused it (23P01), or,
 * on PostgreSQL, two bookings of one time inserted at the same moment, each waited for the other
 * in the constraint's check, and the deadlock detector ended this one (40P01). Either way the
 * other booking has the time.
 */
export function isOverlapViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23P01' || code === '40P01';
}

/**
 * The placeholders of a multi-row `values` list, `($1, $2::jsonb), ($3, $4::jsonb)`: one statement for several rows
 * (ADR 0078). `casts` has one entry per column, empty where the target column's type decides.
 */
export function valuesPlaceholders(rowCount: number, casts: readonly string[]): string {
  const tuple = (row: number) => casts.map((cast, column) => `$${row * casts.length + column + 1}${cast}`).join(', ');
  return Array.from({ length: rowCount }, (_, row) => `(${tuple(row)})`).join(', ');
}

/** The cheapest round trip, for the health check: the database answers at all. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}

/**
 * Type parsing both drivers share: `date` stays a `YYYY-MM-DD` string (a JS Date would shift it
 * by the process time zone), `timestamp` without zone stays a wall-clock string, `int8` becomes
 * a number (counts and sums; no column holds values beyond 2^53).
 */
export const PG_TYPE_OIDS = { int8: 20, date: 1082, timestamp: 1114 } as const;

export function parseInt8(value: string): number {
  return Number(value);
}
export function keepText(value: string): string {
  return value;
}

const CONNECTION_LOST = new RegExp(
  [
    'timeout exceeded when trying to connect',
    'Connection terminated',
    'connection (is )?closed',
    'Client has encountered a connection error',
  ].join('|'),
  'i',
);

/**
 * Errors that mean "the database cannot serve us right now" (connection refused or lost, pool
 * exhausted, server shutting down or out of connections): answered 503, not 500, so clients retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (/^(08|57P0|53300)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].includes(code))
  )
    return true;
  return typeof message === 'string' && CONNECTION_LOST.test(message);
}
