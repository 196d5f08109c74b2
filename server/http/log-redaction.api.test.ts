import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FIXTURE_WEB_DIR, testConfig } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

/** The request log as the server writes it, read back: link tokens and query strings stay out. */
const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4';
let testDb: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  const logger = { level: 'debug', stream: { write: (line: string) => lines.push(line) } };
  app = await buildApp({ config: testConfig(), db: testDb.db, webDir: FIXTURE_WEB_DIR, logger });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

describe('request logs', () => {
  it('show a review link and its lookup without the token, and no query string', async () => {
    expect((await app.inject({ method: 'GET', url: `/review/${TOKEN}?utm_source=sms` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/v1/review/verify-request-link/${TOKEN}` })).statusCode).toBe(
      404,
    );
    const log = lines.join('');
    // The capture works: the page request was logged, its path redacted.
    expect(log).toContain('"req":{"method":"GET","path":"/review/…"}');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('utm_source');
  });
});
