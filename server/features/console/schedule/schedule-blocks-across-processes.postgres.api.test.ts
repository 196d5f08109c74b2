import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_CHANGES_CHANNEL } from '../../../db/slot-change-notices.ts';
import { importPractices, practiceConfig, reasonId } from '../../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../../test/staff-factory.ts';
import { createTestApp, fixedClock, withTestDatabase } from '../../../test/test-app.ts';

/**
 * Blocked time behind a load balancer (ADR 0038): the console's process and a patient's process,
 * each with its own 20-second slot cache, on one PostgreSQL database. The block's commit notice
 * makes the other process forget the practice's lists (slot-change-notices.ts).
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const WITHIN_MS = 1_000;

describe('blocked time across two server processes', () => {
  const testDb = withTestDatabase(async (db) => {
    practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
    examId = await reasonId(db, practiceId, 'Exam');
  });
  let consoleApp: FastifyInstance;
  let patientApp: FastifyInstance;
  let desk: StaffClient;
  let practiceId: string;
  let examId: string;

  beforeAll(async () => {
    [consoleApp, patientApp] = await Promise.all([
      createTestApp(testDb.db, { clock }),
      createTestApp(testDb.db, { clock }),
    ]);
    desk = await signIn(consoleApp, await addStaff(testDb.db, { practiceIds: [practiceId] }));
    // The patient's process must hear notices before the block, or this test proves nothing.
    for (let start = Date.now(); (await listeners()) < 2;) {
      if (Date.now() - start > 10_000) throw new Error('the two apps did not start listening for slot changes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  async function listeners(): Promise<number> {
    const [row] = await testDb.db.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [`listen ${SLOT_CHANGES_CHANNEL}`],
    );
    return row!.n;
  }
  afterAll(async () => {
    await Promise.all([consoleApp?.close(), patientApp?.close()]);
  });

  async function offered(): Promise<string[]> {
    const response = await patientApp.inject({
      method: 'GET',
      url:
        `/api/v1/appointment/slots?practice_id=${practiceId}&reason_for_visit_id=${examId}` +
        `&start_date=2026-03-03&end_date=2026-03-03&pms_prov_num=1`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json().result as { DateTimeStart: string }[]).map((r) => r.DateTimeStart.slice(11, 16));
  }

  async function msUntil(isDone: (times: string[]) => boolean): Promise<number> {
    const since = Date.now();
    while (!isDone(await offered())) {
      if (Date.now() - since > 5_000) throw new Error('the other process kept its cached slot list');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Date.now() - since;
  }

  // The clock stands still, so no cached list expires: only the notice can clear the other process's.
  it("leaves the other process's cached list within a second, and comes back there after removal", async () => {
    expect((await offered()).slice(0, 2)).toEqual(['09:00', '09:30']);
    const blocked = await desk.post('/api/v1/staff/blocks', {
      date: '2026-03-03',
      start_time: '09:00',
      end_time: '10:00',
      pms_prov_num: 1,
    });
    expect(blocked.statusCode).toBe(201);
    expect(await msUntil((times) => !times.includes('09:00'))).toBeLessThan(WITHIN_MS);
    const removed = await desk.request({ method: 'DELETE', url: `/api/v1/staff/blocks/${blocked.json().result.id}` });
    expect(removed.statusCode).toBe(200);
    expect(await msUntil((times) => times.includes('09:00'))).toBeLessThan(WITHIN_MS);
  });
});
