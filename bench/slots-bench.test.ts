import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { benchSlots } from './slots-bench.ts';

/**
 * The slots step of `npm run bench`, in miniature: every request it sends must be answered 2xx
 * (the load test refuses a figure measured on failures), or the whole bench stops there.
 */
describe('the slots bench', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPgliteDatabase();
    await migrate(db);
  });
  afterAll(() => db?.close());

  it('measures the slots and the trivial baseline beside them, with no failed request', async () => {
    const result = await benchSlots(db, { rounds: 1, seconds: 1, sequentialCount: 5 });
    expect(result.sequential.trivial.p50).toBeGreaterThan(0);
    expect(result.sequential.uncached.p50).toBeGreaterThan(0);
    for (const figures of [result.concurrent.trivial, result.concurrent.cached, result.concurrent.uncached])
      expect(figures.requestsPerSecond).toBeGreaterThan(0);
  });
});
