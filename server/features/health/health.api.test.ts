import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, withTestDatabase } from '../../test/test-app.ts';

const ctx = withTestDatabase();

describe('GET /api/v1/health', () => {
  it('answers 200 with a database check', async () => {
    const app = await createTestApp(ctx.db);
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      result: { status: 'ok', database: { kind: ctx.db.kind } },
    });
    await app.close();
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken: Database = {
      ...ctx.db,
      kind: ctx.db.kind,
      query: () => Promise.reject(new Error('connection refused')),
    };
    const app = await createTestApp(broken, { runSubscribers: false });
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unreachable.',
    });
    await app.close();
  });
});

describe('a database outage on any endpoint', () => {
  it('answers 503 with a clear message and Retry-After, not 500', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const broken: Database = { ...ctx.db, kind: ctx.db.kind, query: () => Promise.reject(refused) };
    const app = await createTestApp(broken, { runSubscribers: false });
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/clinic?practice_id=00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    await app.close();
  });
});
