import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { countRequest } from './rate-limit-repository.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes a child: the route's merged options, with the route as `routeInfo`. */
interface ChildOptions {
  routeInfo?: { method?: unknown; url?: unknown };
}

/** The counter of one route (as registered) and one client key: what the plugin's child counts a request under. */
export function routeCounterKey(route: { method?: unknown; url?: unknown } | undefined, key: string): string {
  return `${String(route?.method)} ${String(route?.url)} ${key}`;
}

/**
 * A store for `@fastify/rate-limit` that keeps its counters in the database, so every process
 * of a deployment counts the same requests (ADR 0019). The plugin constructs it once and asks
 * for a child per route; the child prefixes its keys with the route.
 */
export function postgresRateLimitStore(db: Database, clock: Clock) {
  class PostgresRateLimitStore {
    /** The plugin passes its options, which this store does not need; a child passes its route prefix. */
    constructor(
      _options?: object,
      private readonly route?: ChildOptions['routeInfo'],
    ) {}

    // The plugin always passes the route's window (its typings leave it out); a minute otherwise.
    incr(key: string, callback: IncrCallback, timeWindow: number = 60_000): void {
      const now = clock.now();
      countRequest(db, this.route ? routeCounterKey(this.route, key) : key, now, timeWindow).then(
        ({ count, windowEndsAt }) =>
          callback(null, { current: count, ttl: Math.max(0, windowEndsAt.getTime() - now.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): PostgresRateLimitStore {
      return new PostgresRateLimitStore(undefined, (options as ChildOptions).routeInfo ?? {});
    }
  }
  return PostgresRateLimitStore;
}
