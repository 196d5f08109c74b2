import type { Queryable } from './database.ts';

/**
 * Notices a transaction sends when it commits (ADRs 0033, 0069): to other processes by `pg_notify` on PostgreSQL
 * (sent only on commit, none for a rollback), and to this process's own listeners at once after the commit, on both
 * engines, without waiting for the server's round trip. Slot caches and the job worker's wake-up ride on it, so a
 * writer never wires either by hand.
 */
type Listener = (payload: string) => void;

/** A notice for other processes, sent with the COMMIT itself (PostgreSQL; ADR 0087). */
export interface RemoteNotice {
  channel: string;
  payload: string;
}

interface Hub {
  kind: 'pglite' | 'postgres';
  listeners: Map<string, Set<Listener>>;
}

interface Scope {
  hub: Hub;
  /** Null outside a transaction: each statement commits by itself, so its notices go at once. */
  pending: Map<string, Set<string>> | null;
  remote: RemoteNotice[];
}

const scopes = new WeakMap<Queryable, Scope>();
const hubs = new WeakMap<object, Hub>();

function deliver(hub: Hub, channel: string, payloads: Iterable<string>): void {
  for (const payload of payloads)
    for (const listener of hub.listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch {
        // A listener (a cache, a worker's wake-up) must not turn a committed change into a failed request.
      }
    }
}

/** Called by each engine's `open…Database`: the database and its root connection share one set of listeners. */
export function registerCommitNotices(database: Queryable, kind: Hub['kind']): void {
  const hub: Hub = { kind, listeners: new Map() };
  hubs.set(database, hub);
  scopes.set(database, { hub, pending: null, remote: [] });
}

/**
 * Wraps one transaction of a registered database: its notices are held until `deliver`, which the engine calls after
 * its COMMIT succeeded (never after a rollback). On PostgreSQL the engine sends `remote` in the COMMIT's own text, so
 * telling other processes costs the transaction no round trip of its own (ADR 0087).
 */
export function trackTransaction(
  database: Queryable,
  tx: Queryable,
): { deliver(): void; remote: readonly RemoteNotice[] } {
  const hub = hubs.get(database);
  if (!hub) return { deliver: () => undefined, remote: [] };
  const pending = new Map<string, Set<string>>();
  const remote: RemoteNotice[] = [];
  scopes.set(tx, { hub, pending, remote });
  return {
    remote,
    deliver() {
      for (const [channel, payloads] of pending) deliver(hub, channel, payloads);
    },
  };
}

/**
 * Sends `payload` on `channel` when `tx` commits: to other processes (PostgreSQL) and to this one's listeners.
 * `isLocal`: to this process only (a wake-up its own worker acts on; costs no statement).
 */
export async function notifyOnCommit(
  tx: Queryable,
  channel: string,
  payload: string,
  options: { isLocal?: boolean } = {},
): Promise<void> {
  const scope = scopes.get(tx);
  if (!scope) return;
  const sent = scope.pending?.get(channel);
  if (sent?.has(payload)) return;
  // PGlite is one process's database: nobody else could hear it.
  if (scope.hub.kind === 'postgres' && !options.isLocal) {
    if (scope.pending) scope.remote.push({ channel, payload });
    else await tx.query('select pg_notify($1, $2)', [channel, payload]);
  }
  if (!scope.pending) return deliver(scope.hub, channel, [payload]);
  scope.pending.set(channel, (sent ?? new Set()).add(payload));
}

/** This process hears `channel`'s notices of its own commits, right after each; returns the way to stop. */
export function onCommitNotice(database: object, channel: string, listener: Listener): () => void {
  const hub = hubs.get(database);
  if (!hub) return () => undefined;
  const listeners = hub.listeners.get(channel) ?? new Set<Listener>();
  hub.listeners.set(channel, listeners.add(listener));
  return () => listeners.delete(listener);
}
