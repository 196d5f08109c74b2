import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import type { PaymentAdapter } from '../adapters/payments/payment-adapter.ts';
import type { Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { installResponseCheck } from './response-schema-check.ts';
import { runSubscriberJobs } from './app-jobs.ts';

/** A minimal built SPA, so page routes are testable without running the web build. */
export const FIXTURE_WEB_DIR = fileURLToPath(new URL('./fixtures/web/', import.meta.url));

export function testConfig(overrides: Partial<Config> = {}): Config {
  // An easy proof of work keeps tests fast (the rules are the same at any difficulty), and the
  // per-IP limits are lifted because every injected request comes from 127.0.0.1.
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ALTCHA_MAX_NUMBER: '100', RATE_LIMIT_MULTIPLIER: '1000' }),
    ...overrides,
  };
}

export interface TestAppOptions {
  clock?: Clock;
  config?: Partial<Config>;
  paymentAdapter?: PaymentAdapter;
  messageAdapters?: AppDeps['messageAdapters'];
  codeDelivery?: AppDeps['codeDelivery'];
  /** A stream to read the request log from (default: no log). */
  logger?: AppDeps['logger'];
  /** Run the events' subscribers after each injected request (default); off for an app over a database that is down. */
  runSubscribers?: boolean;
}

export async function createTestApp(db: Database, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.config),
    db,
    logger: options.logger ?? false,
    webDir: FIXTURE_WEB_DIR,
    beforeRoutes: installResponseCheck,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.paymentAdapter ? { paymentAdapter: options.paymentAdapter } : {}),
    ...(options.messageAdapters ? { messageAdapters: options.messageAdapters } : {}),
    ...(options.codeDelivery !== undefined ? { codeDelivery: options.codeDelivery } : {}),
  });
  await app.ready();
  if (options.runSubscribers !== false) runSubscribersAfterEachRequest(app, db, app.clock);
  return app;
}

/**
 * The booking events' subscribers (ADR 0069) run in jobs: a worker in production polls for them, here each injected
 * request runs them before it resolves, so a test reads a change's reminders and Open Dental jobs as it did when the
 * writers queued them by hand. Tests of the subscribers' order and retries advance the clock past a retry themselves.
 */
function runSubscribersAfterEachRequest(app: FastifyInstance, db: Database, clock: Clock): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    const injected = inject(...args);
    if (args.length === 0 || typeof args[args.length - 1] === 'function') return injected;
    return (injected as Promise<unknown>).then(async (response) => {
      await runSubscriberJobs({ app, db }, clock);
      return response;
    });
  };
}

/** A clock tests set and move by hand. */
export function fixedClock(
  start: Date | string,
): Clock & { set(next: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** What `withTestDatabase` hands a test file: readable once its `beforeAll` has run. */
export interface TestDatabaseContext {
  db: Database;
  /** The connection URL, on PostgreSQL (for tests that start server processes). */
  url: string | undefined;
}

/** What `withTestApp` hands a test file: readable once its `beforeAll` has run. */
export interface TestAppContext extends TestDatabaseContext {
  app: FastifyInstance;
}

export interface WithTestAppOptions extends TestAppOptions {
  /** Fills the fresh database (practices, staff, rows) before the app is built on it. */
  seed?: (db: Database) => Promise<void>;
}

/**
 * A context whose fields are set by a hook: reading one before the hook ran (at module level, or
 * in a `describe` body) throws, instead of handing the test an `undefined`.
 */
export function filledByHooks<T extends object>(fixture: string): { context: T; fill(values: T): void } {
  const values: Partial<T> = {};
  const context = new Proxy(values, {
    get(target, key) {
      if (!(key in target)) throw new Error(`${fixture}: ${String(key)} is read before its beforeAll ran`);
      return target[key as keyof T];
    },
  }) as T;
  return { context, fill: (filled) => Object.assign(values, filled) };
}

export interface WithTestDatabaseOptions {
  /** A fresh database for each test of the file instead (for code that acts once per database). */
  isPerTest?: boolean;
}

/**
 * A fresh database for this test file on the engine under test (ADR 0005): registers its own
 * `beforeAll` (created from the migrated template) and `afterAll` (closed and dropped), or the
 * `beforeEach` and `afterEach` that do so for each test.
 */
export function withTestDatabase(
  seed?: (db: Database) => Promise<void>,
  options: WithTestDatabaseOptions = {},
): TestDatabaseContext {
  const { context, fill } = filledByHooks<TestDatabaseContext>('withTestDatabase');
  let testDb: TestDatabase | undefined;
  (options.isPerTest ? beforeEach : beforeAll)(async () => {
    testDb = await createTestDatabase();
    fill({ db: testDb.db, url: testDb.url });
    await seed?.(testDb.db);
  });
  (options.isPerTest ? afterEach : afterAll)(async () => {
    await testDb?.destroy();
  });
  return context;
}

/**
 * The API test fixture, as fastify/demo's `build(t)`: a fresh database on the engine under test,
 * seeded, and the app built on it; both closed after the file's tests. Options may be a function,
 * read when the hook runs, for values known only then (a stand-in server's address started by an
 * earlier `beforeAll`). Hooks a file registers after this one see the app built.
 */
export function withTestApp(options: WithTestAppOptions | (() => WithTestAppOptions) = {}): TestAppContext {
  const { context, fill } = filledByHooks<TestAppContext>('withTestApp');
  let app: FastifyInstance | undefined;
  const database = withTestDatabase();
  beforeAll(async () => {
    const { seed, ...appOptions } = typeof options === 'function' ? options() : options;
    await seed?.(database.db);
    app = await createTestApp(database.db, appOptions);
    fill({ db: database.db, url: database.url, app });
  });
  afterAll(async () => {
    await app?.close();
  });
  return context;
}
