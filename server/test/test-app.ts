import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { buildApp, type AppDeps } from '../app.ts';
import type { PaymentAdapter } from '../adapters/payments/payment-adapter.ts';
import type { Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';

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

export async function createTestApp(
  db: Database,
  options: {
    clock?: Clock;
    config?: Partial<Config>;
    paymentAdapter?: PaymentAdapter;
    messageAdapters?: AppDeps['messageAdapters'];
    codeDelivery?: AppDeps['codeDelivery'];
  } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.config),
    db,
    logger: false,
    webDir: FIXTURE_WEB_DIR,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.paymentAdapter ? { paymentAdapter: options.paymentAdapter } : {}),
    ...(options.messageAdapters ? { messageAdapters: options.messageAdapters } : {}),
    ...(options.codeDelivery !== undefined ? { codeDelivery: options.codeDelivery } : {}),
  });
  await app.ready();
  return app;
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
