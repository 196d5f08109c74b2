import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { openDatabase } from '../../db/open-database.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { solvedChallengeFrom, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/**
 * main.ts hands the app's one clock to the job worker and the review sweep: a request that moves
 * the clock past a visit makes the sweep (a job due only at the moved time) send its review request.
 */
const PRACTICE = practiceConfig({ review_request_delay_hours: 2, google_review_url: 'https://example.com/review' });
let storage: Record<string, string>;
let testDb: TestDatabase | undefined;
let dataDir: string | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (process.env.TEST_DB_KIND === 'postgres') {
    testDb = await createTestDatabase();
    await importPractices(testDb.db, PRACTICE);
    storage = { DATABASE_URL: testDb.url! };
  } else {
    // The server process owns the embedded database once it runs: fill it first.
    dataDir = await mkdtemp(join(tmpdir(), 'dev-clock-'));
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    await importPractices(db, PRACTICE);
    await db.close();
    storage = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  await server?.kill();
  await testDb?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();

describe('a server process with DEV_TOOLS', () => {
  // A real server start takes 5 to 15 s on a busy two-core machine.
  it('runs its jobs on the moved clock', { timeout: 90_000 }, async () => {
    server = await startServerProcess(storage);
    const { base } = server;
    const form = (await json(`${base}/api/v1/form/test-practice`)).result;
    const [reason] = (await json(`${base}/api/v1/reason-for-visit?practice_id=${form.id}`)).result;
    const today = new Date().toISOString().slice(0, 10);
    const [slot] = (
      await json(
        `${base}/api/v1/appointment/slots?practice_id=${form.id}&reason_for_visit_id=${reason.id}` +
          `&start_date=${addDays(today, 1)}&end_date=${addDays(today, 10)}`,
      )
    ).result;
    const email = `clock-${Date.now()}@example.com`;
    const booked = await fetch(`${base}/api/v1/appointment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bot-challenge': await solvedChallengeFrom(base) },
      body: JSON.stringify({
        practice_id: form.id,
        rfv_id: reason.id,
        first_name: 'Clock',
        last_name: 'Test',
        email,
        wireless_phone: '+15125550100',
        dob: '1980-05-05',
        pms_prov_num: slot.ProvNum,
        pms_op_num: slot.OpNum,
        apt_date: slot.DateTimeStart.slice(0, 10),
        start_time: slot.DateTimeStart.slice(11),
        end_time: slot.DateTimeEnd.slice(11),
        patient_status: 'New Patient',
        is_patient: true,
        is_concented: true,
        has_insurance: false,
      }),
    });
    expect(booked.status).toBe(201);

    // Noon UTC the day after the visit: past its end plus two hours, within the sweep's week.
    const moved = await json(`${base}/_dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: `${addDays(slot.DateTimeStart.slice(0, 10), 1)}T12:00:00Z` }),
    });
    expect(moved.result.is_moved).toBe(true);
    let reviews: unknown[] = [];
    for (let attempt = 0; attempt < 60 && reviews.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      reviews = (await json(`${base}/_dev/outbox?format=json`)).filter(
        (m: { to: string; subject: string | null }) =>
          m.to === email && m.subject === 'How was your visit to Test Practice?',
      );
    }
    expect(reviews).toHaveLength(1);
    expect((await json(`${base}/_dev/clock`, { method: 'DELETE' })).result.is_moved).toBe(false);
  });
});
