import { describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../test/message-delivery.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';
import { setUpReviewJobs } from './review-request-sweep.ts';
import { readOutbox, TEST_PUBLIC_URL } from './review-test-support.ts';
import { bookVisit } from '../../test/booking-requests.ts';

/** On a server that sends no texts (production without Twilio, ADR 0029) review requests go by e-mail only. */
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    await importPractices(db, practiceConfig({ review_request_delay_hours: 2 }));
  },
});

describe('automatic review requests without texts', () => {
  it('queues the e-mail and no text for a patient who consented to both', async () => {
    const [practice] = await ctx.db.query<{ id: string }>(`select id from practices where form_url = 'test-practice'`);
    const jobs = await setUpReviewJobs({ db: ctx.db, clock, publicUrl: TEST_PUBLIC_URL, texts: false });
    await bookVisit(ctx.app, {
      practiceId: practice!.id,
      reasonId: await reasonId(ctx.db, practice!.id, 'Exam'),
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      end_time: '09:30:00',
    });
    await runJobsUntilIdle(ctx.db, clock, jobs);
    await ctx.db.exec('delete from outbox_messages');
    clock.set('2026-03-03T16:41:00Z');
    await runJobsUntilIdle(ctx.db, clock, jobs);
    const sent = (await readOutbox(ctx.db)).filter((m) => m.text.includes('/review/'));
    expect(sent.map((m) => m.channel)).toEqual(['email']);
    expect(await ctx.db.query(`select id from jobs where type = 'sms.send'`)).toEqual([]);
  });
});
