import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { createTestApp, fixedClock } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { setUpReviewJobs } from './review-request-sweep.ts';
import { bookVisit, readOutbox, runJobsUntilIdle, TEST_PUBLIC_URL } from './review-test-support.ts';

/** On a server that sends no texts (production without Twilio, ADR 0029) review requests go by e-mail only. */
const clock = fixedClock('2026-03-02T12:00:00Z');
let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await importPractices(testDb.db, practiceConfig({ review_request_delay_hours: 2 }));
  app = await createTestApp(testDb.db, { clock });
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

describe('automatic review requests without texts', () => {
  it('queues the e-mail and no text for a patient who consented to both', async () => {
    const [practice] = await testDb.db.query<{ id: string }>(
      `select id from practices where form_url = 'test-practice'`,
    );
    const jobs = await setUpReviewJobs({ db: testDb.db, clock, publicUrl: TEST_PUBLIC_URL, texts: false });
    await bookVisit(app, {
      practiceId: practice!.id,
      reasonId: await reasonId(testDb.db, practice!.id, 'Exam'),
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      end_time: '09:30:00',
    });
    await runJobsUntilIdle(testDb.db, clock, jobs);
    await testDb.db.exec('delete from outbox_messages');
    clock.set('2026-03-03T16:41:00Z');
    await runJobsUntilIdle(testDb.db, clock, jobs);
    const sent = (await readOutbox(testDb.db)).filter((m) => m.text.includes('/review/'));
    expect(sent.map((m) => m.channel)).toEqual(['email']);
    expect(await testDb.db.query(`select id from jobs where type = 'sms.send'`)).toEqual([]);
  });
});
