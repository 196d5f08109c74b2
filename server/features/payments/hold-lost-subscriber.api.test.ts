import { describe, expect, it } from 'vitest';
import {
  bookVisit,
  CHECKOUT_RETURN_URLS,
  postCheckout,
  pressCheckoutButton,
  releaseExpiredHolds,
} from '../../test/booking-requests.ts';
import { runAppJobs, runSubscriberJobs } from '../../test/app-jobs.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { eventLinesOf } from '../../test/booking-events.ts';
import { EXAM_AND_PAID_WHITENING, NEW_YORK_OFFICE, withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';

/** Long enough for a checkout's hold to run out. */
const PAST_THE_HOLD_MS = 42 * 60_000;

// Monday 2 March 2026, 07:00 in New York. Subscribers run only when the test runs their jobs.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticeApp({
  clock,
  runSubscribers: false,
  practices: [{ ...NEW_YORK_OFFICE, reasons: EXAM_AND_PAID_WHITENING }],
});

const lostNoticeJobs = (appointmentId: string) =>
  ctx.db.query<{ dedupe_key: string }>(
    `select dedupe_key from jobs where dedupe_key like 'email:booking-hold-lost-%:' || $1 order by dedupe_key`,
    [appointmentId],
  );

describe('a hold lost to another booking (ADR 0069)', () => {
  it('is an event of the checkout that ended, and its notices are queued by its subscriber alone', async () => {
    const checkout = await postCheckout(ctx.app, {
      ...bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Whitening'), email: 'lost@example.com' }),
      ...CHECKOUT_RETURN_URLS,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    const sessionId = checkout.body.result.session_id as string;
    const [held] = await ctx.db.query<{ id: string }>('select id from appointments where payment_session_id = $1', [
      sessionId,
    ]);
    // The hold runs out, someone else books its time, then the checkout ends without money.
    clock.advance(PAST_THE_HOLD_MS);
    await releaseExpiredHolds(ctx.app);
    await bookVisit(ctx.app, {
      practiceId: ctx.practiceId,
      reasonId: ctx.reasonId('Exam'),
      email: 'taker@example.com',
    });
    expect((await pressCheckoutButton(ctx.app, sessionId, 'cancel')).statusCode).toBe(303);

    expect(await eventLinesOf(ctx.db, held!.id)).toEqual([
      'booking.created patient',
      'booking.expired system',
      'booking.hold_lost payment',
    ]);
    expect(await lostNoticeJobs(held!.id)).toEqual([]);
    await runSubscriberJobs(ctx, clock);
    expect((await lostNoticeJobs(held!.id)).map((job) => job.dedupe_key)).toEqual([
      `email:booking-hold-lost-patient:${held!.id}`,
      `email:booking-hold-lost-practice:${held!.id}`,
    ]);
    await runAppJobs(ctx, clock);
    const [mail] = await ctx.db.query<{ subject: string }>(
      `select subject from outbox_messages where recipient = 'lost@example.com' and subject like '%not booked'`,
    );
    expect(mail?.subject).toBe('Your appointment at Test Practice is not booked');
  });
});
