import { beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../test/message-delivery.ts';
import { createTestApp, fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { REVIEW_SWEEP_JOB, setUpReviewJobs } from './review-request-sweep.ts';
import { readOutbox, TEST_PUBLIC_URL } from './review-test-support.ts';
import { bookVisit } from '../../test/booking-requests.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';

// Monday 2 March 2026, 07:00 in New York; the practice asks for reviews 2 hours after a visit.
const clock = fixedClock('2026-03-02T12:00:00Z');
let ids: Record<string, string>;
let reviewJobs: Record<string, JobHandler>;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    ids = await importPractices(
      db,
      practiceConfig({ review_request_delay_hours: 2 }),
      practiceConfig({ form_url: 'no-auto-reviews', name: 'No Auto Reviews' }),
    );
  },
});
beforeAll(async () => {
  reviewJobs = await setUpReviewJobs({ db: ctx.db, clock, publicUrl: TEST_PUBLIC_URL });
});

/** Moves the clock and lets the worker run everything due: sweeps, then the messages they queue. */
async function at(instant: string) {
  clock.set(instant);
  await runJobsUntilIdle(ctx.db, clock, reviewJobs);
}

async function book(formUrl: string, date: string, overrides: Record<string, unknown> = {}) {
  const practiceId = ids[formUrl]!;
  return bookVisit(ctx.app, {
    practiceId,
    reasonId: await reasonId(ctx.db, practiceId, 'Exam'),
    apt_date: date,
    start_time: '09:00:00',
    end_time: '09:30:00',
    ...overrides,
  });
}

const reviewMessages = async () => (await readOutbox(ctx.db)).filter((m) => m.text.includes('/review/'));
const decisions = () =>
  ctx.db.query<{ appointment_id: string; outcome: string }>(
    'select appointment_id, outcome from review_request_decisions order by decided_at',
  );

describe('automatic review requests', () => {
  it('sends one request per booked visit after the delay, at most once per patient in 90 days', async () => {
    await at('2026-03-02T12:00:00Z');
    // The same patient (name and birth date) three times: 3 March, 2 April (30 days on), 15 June (104 days on).
    const march = await book('test-practice', '2026-03-03');
    const april = await book('test-practice', '2026-04-02');
    const june = await book('test-practice', '2026-06-15');
    // Another patient the same March day, at another time, whose visit is then cancelled.
    const cancelled = await book('test-practice', '2026-03-03', {
      first_name: 'Ben',
      start_time: '10:00:00',
      end_time: '10:30:00',
    });
    await ctx.db.query(`update appointments set status = 'cancelled' where id = $1`, [cancelled]);
    // A practice without the setting.
    const elsewhere = await book('no-auto-reviews', '2026-03-03', { first_name: 'Cleo', email: 'cleo@example.com' });
    await runJobsUntilIdle(ctx.db, clock, reviewJobs);
    await ctx.db.exec('delete from outbox_messages');

    // The March visit ends 09:30 EST (14:30Z): due at 16:30Z, not a minute before.
    await at('2026-03-03T16:29:00Z');
    expect(await reviewMessages()).toEqual([]);
    await at('2026-03-03T16:41:00Z');
    const sent = await reviewMessages();
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'ana.lopez@example.com'],
      ['sms', '+15125550123'],
    ]);
    const url = /https:\/\/book\.example\.test\/review\/([A-Za-z0-9_-]{32})/.exec(sent[0]!.text);
    expect(url).not.toBeNull();
    const link = await ctx.app.inject({ method: 'GET', url: `/api/v1/review/verify-request-link/${url![1]}` });
    expect(link.json().result).toMatchObject({ patient_first_name: 'Ana', patient_last_name: 'Lopez' });
    const [request] = await ctx.db.query('select source, appointment_id, created_at from review_requests');
    expect(request).toEqual({
      source: 'automatic',
      appointment_id: march,
      created_at: new Date('2026-03-03T16:41:00Z'),
    });

    // Sweeps keep running, and never send for the same visit twice.
    await at('2026-03-03T18:00:00Z');
    expect(await reviewMessages()).toHaveLength(2);

    // 2 April: 30 days after the last request to this patient, so none.
    await at('2026-04-02T16:00:00Z');
    expect(await reviewMessages()).toHaveLength(2);
    // 15 June (EDT: the visit ends 13:30Z, due 15:30Z): 104 days on, so a new request.
    await at('2026-06-15T15:41:00Z');
    expect(await reviewMessages()).toHaveLength(4);

    expect(await decisions()).toEqual([
      { appointment_id: march, outcome: 'requested' },
      { appointment_id: april, outcome: 'skipped_recent_request' },
      { appointment_id: june, outcome: 'requested' },
    ]);
    const requested = await ctx.db.query<{ appointment_id: string }>(
      'select appointment_id from review_requests order by created_at',
    );
    expect(requested.map((r) => r.appointment_id)).toEqual([march, june]);
    expect(requested.map((r) => r.appointment_id)).not.toContain(cancelled);
    expect(requested.map((r) => r.appointment_id)).not.toContain(elsewhere);
  });

  it('counts an operator request for the patient towards the 90 days', async () => {
    const visit = await book('test-practice', '2026-07-01', { first_name: 'Dora', email: 'dora@example.com' });
    const operatorApp = await createTestApp(ctx.db, {
      clock,
      config: { adminApiKey: 'test-admin-key-0123456789abcdef' },
    });
    try {
      const response = await operatorApp.inject({
        method: 'POST',
        url: '/api/v1/admin/review-requests',
        headers: { authorization: 'Bearer test-admin-key-0123456789abcdef' },
        payload: {
          form_url: 'test-practice',
          patient_first_name: 'Dora',
          patient_last_name: 'Lopez',
          appointment_id: visit,
        },
      });
      expect(response.statusCode).toBe(201);
    } finally {
      await operatorApp.close();
    }
    const later = await book('test-practice', '2026-07-08', { first_name: 'Dora', email: 'dora@example.com' });
    await at('2026-07-08T20:00:00Z');
    const outcomes = await ctx.db.query<{ appointment_id: string; outcome: string }>(
      'select appointment_id, outcome from review_request_decisions where appointment_id = any($1::uuid[])',
      [[visit, later]],
    );
    // The visit the operator asked about already has its request; the next one falls in the 90 days.
    expect(outcomes).toEqual([{ appointment_id: later, outcome: 'skipped_recent_request' }]);
  });

  it('greets the one who booked for someone else and names the patient', async () => {
    await at('2026-07-14T12:00:00Z');
    await book('test-practice', '2026-07-15', {
      first_name: 'Leo',
      last_name: 'Park',
      dob: '2015-06-01',
      email: 'mina.park@example.com',
      wireless_phone: '+15125550177',
      is_patient: false,
      booker_first_name: 'Mina',
      booker_last_name: 'Park',
      booker_dob: '1980-05-06',
    });
    await ctx.db.exec('delete from outbox_messages');
    await at('2026-07-15T20:00:00Z');
    const mail = (await reviewMessages()).find((m) => m.recipient === 'mina.park@example.com');
    expect(mail?.text).toMatch(
      /^Hello Mina,\n\nThank you for choosing Test Practice for Leo Park\. We would love to hear how the visit went\./,
    );
  });

  it('does not send requests that fell due more than 7 days before a sweep', async () => {
    const visit = await book('test-practice', '2026-07-20', { first_name: 'Emil', email: 'emil@example.com' });
    await at('2026-07-28T20:00:00Z');
    const rows = await ctx.db.query(
      `select 1 from review_request_decisions where appointment_id = $1 union all select 1 from review_requests
         where appointment_id = $1`,
      [visit],
    );
    expect(rows).toEqual([]);
  });

  it('keeps one chain of sweeps however many processes start it', async () => {
    const queued = () =>
      ctx.db.query<{ run_at: Date }>(`select run_at from jobs where type = $1 and status = 'queued'`, [
        REVIEW_SWEEP_JOB,
      ]);
    clock.set('2026-08-03T09:05:00Z');
    await setUpReviewJobs({ db: ctx.db, clock, publicUrl: TEST_PUBLIC_URL });
    await setUpReviewJobs({ db: ctx.db, clock, publicUrl: TEST_PUBLIC_URL });
    await at('2026-08-03T09:05:00Z');
    expect(await queued()).toEqual([{ run_at: new Date('2026-08-03T09:10:00Z') }]);
    await at('2026-08-03T09:12:00Z');
    expect(await queued()).toEqual([{ run_at: new Date('2026-08-03T09:20:00Z') }]);
  });
  it('asks after confirmed and arrived visits, never after a no-show or a cancellation', async () => {
    await at('2026-09-07T12:00:00Z');
    // People no earlier test booked, so the 90-day rule stays out of it.
    const people = ['Dorotea', 'Evangelina', 'Fionnuala', 'Gustavo'] as const;
    const [confirmed, arrived, noShow, cancelled] = await Promise.all(
      people.map((first_name, i) => {
        const hour = ['09', '10', '11', '14'][i]!;
        return book('test-practice', '2026-09-08', {
          first_name,
          last_name: 'Sweepson',
          email: `${first_name.toLowerCase()}@example.com`,
          start_time: `${hour}:00:00`,
          end_time: `${hour}:30:00`,
        });
      }),
    );
    await ctx.app.bookingLifecycle.changeStatus(confirmed!, 'confirmed', { actor: 'patient' });
    await ctx.app.bookingLifecycle.changeStatus(arrived!, 'arrived', { actor: 'staff' });
    await ctx.app.bookingLifecycle.changeStatus(noShow!, 'no_show', { actor: 'staff' });
    await ctx.app.bookingLifecycle.changeStatus(cancelled!, 'cancelled', { actor: 'patient' });
    await at('2026-09-09T12:00:00Z');
    const requested = await ctx.db.query<{ appointment_id: string }>(
      'select appointment_id from review_requests where appointment_id = any($1)',
      [[confirmed, arrived, noShow, cancelled]],
    );
    expect(requested.map((r) => r.appointment_id).sort()).toEqual([confirmed, arrived].sort());
  });

  it('sends none for a no-show, staff cancel or refund, decides nothing; asks once fixed to arrived', async () => {
    await at('2026-10-11T12:00:00Z');
    const people = ['Hortensia', 'Ignatius', 'Jacinta', 'Kasimir'] as const;
    const [noShow, cancelled, refunded, corrected] = await Promise.all(
      people.map((first_name, i) => {
        const hour = ['09', '10', '11', '14'][i]!;
        return book('test-practice', '2026-10-12', {
          first_name,
          last_name: 'Nosweep',
          email: `${first_name.toLowerCase()}@example.com`,
          start_time: `${hour}:00:00`,
          end_time: `${hour}:30:00`,
        });
      }),
    );
    // As the console marks them: a no-show, a staff cancellation, a refund; one no-show by mistake.
    await ctx.app.bookingLifecycle.changeStatus(noShow!, 'no_show', { actor: 'staff' });
    await ctx.app.bookingLifecycle.changeStatus(cancelled!, 'cancelled', { actor: 'staff', reason: 'Practice closed' });
    await ctx.app.bookingLifecycle.changeStatus(refunded!, 'refunded', { actor: 'staff' });
    await ctx.app.bookingLifecycle.changeStatus(corrected!, 'no_show', { actor: 'staff' });
    // Every visit's request falls due (end + 2 hours) before this sweep.
    await at('2026-10-12T23:00:00Z');
    const about = (appointments: (string | undefined)[]) =>
      ctx.db.query<{ appointment_id: string }>(
        `select appointment_id from review_requests where appointment_id = any($1)
         union all select appointment_id from review_request_decisions where appointment_id = any($1)`,
        [appointments],
      );
    expect(await about([noShow, cancelled, refunded, corrected])).toEqual([]);
    expect((await reviewMessages()).filter((m) => people.some((name) => m.text.includes(name)))).toEqual([]);

    // Staff marked the wrong patient: corrected the next morning, the visit is asked about after all.
    await ctx.app.bookingLifecycle.changeStatus(corrected!, 'arrived', { actor: 'staff' });
    await at('2026-10-13T14:00:00Z');
    const requested = await ctx.db.query<{ appointment_id: string }>(
      'select appointment_id from review_requests where appointment_id = any($1)',
      [[noShow, cancelled, refunded, corrected]],
    );
    expect(requested.map((r) => r.appointment_id)).toEqual([corrected]);
  });
});
