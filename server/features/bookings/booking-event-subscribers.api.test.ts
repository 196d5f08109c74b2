import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingEventType } from '#domain/booking/booking-events.ts';
import { runSubscriberJobs } from '../../test/app-jobs.ts';
import { bookVisit } from '../../test/booking-requests.ts';
import { practiceConfig } from '../../test/practice-factory.ts';
import { withPracticesApp } from '../../test/staff-test-app.ts';
import { fixedClock } from '../../test/test-app.ts';
import { failFirstAttemptOf, seenByThrowaway, throwawaySubscriber } from '../../test/throwaway-subscriber.ts';
import { createSubscriberJobHandlers, enqueueSubscribers } from './booking-event-fan-out.ts';
import { BOOKING_EVENT_SUBSCRIBERS } from './booking-event-subscribers.ts';

// The registration a new subscriber makes (ADR 0069): its file, and its line in the list. The test files share their
// modules (vitest's isolate: false), so the list is extended here rather than by mocking the registry's module.
const SUBSCRIBERS = [...BOOKING_EVENT_SUBSCRIBERS, throwawaySubscriber];

const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticesApp(
  [practiceConfig({ reasons: [{ name: 'Exam', final_duration: 30, to_show_providers: true, providers: [] }] })],
  { clock },
);
beforeEach(() => {
  clock.set('2026-03-02T12:00:00Z');
  seenByThrowaway.length = 0;
  failFirstAttemptOf.clear();
});

const jobsOf = async (id: string) =>
  ctx.db.query<{ key: string; status: string; attempts: number }>(
    `select replace(dedupe_key, $1, '') as key, status, attempts from jobs
      where dedupe_key like 'booking-event:%' || $1 || '%' order by dedupe_key`,
    [`:${id}:`],
  );

/** The throwaway's jobs for the booking's events so far (what the event's transaction queues for a listed one). */
async function runThrowaway(id: string): Promise<void> {
  const events = await ctx.db.query<{ id: string; sequence: number; type: BookingEventType }>(
    'select id, sequence, type from booking_events where booking_id = $1 order by sequence',
    [id],
  );
  for (const event of events) await enqueueSubscribers(ctx.db, { ...event, bookingId: id }, [throwawaySubscriber]);
  const handlers = {
    ...ctx.app.background.jobHandlers,
    ...createSubscriberJobHandlers({ db: ctx.db, clock, publicUrl: 'http://localhost:8080' }, SUBSCRIBERS),
  };
  await runSubscriberJobs(ctx, clock, handlers);
}
async function book(email: string): Promise<string> {
  const id = await bookVisit(ctx.app, {
    practiceId: ctx.practiceId,
    reasonId: ctx.examId,
    apt_date: '2026-03-03',
    start_time: '09:00',
    end_time: '09:00',
    email,
    pms_prov_num: 1,
  });
  await runThrowaway(id);
  return id;
}
async function move(id: string, startTime: string): Promise<void> {
  await ctx.app.bookingLifecycle.reschedule(id, { date: '2026-03-03', startTime, provNum: 1 });
  await runThrowaway(id);
}

describe('subscribers to the booking events', () => {
  it('get one job per event, each acting once, in the order of the booking’s events', async () => {
    const id = await book('order@example.com');
    await move(id, '10:00:00');
    await move(id, '11:00:00');
    expect(seenByThrowaway).toEqual(['booking.created #1', 'booking.rescheduled #2', 'booking.rescheduled #3']);
    // A job for each subscriber that acts on the event's type (ADR 0069): none for the others.
    const types = ['booking.created', 'booking.rescheduled', 'booking.rescheduled'] as const;
    expect(await jobsOf(id)).toEqual(
      [...SUBSCRIBERS]
        .sort((a, b) => a.name.localeCompare(b.name))
        .flatMap(({ name, types: acted }) =>
          types.flatMap((type, i) =>
            !acted || acted.includes(type)
              ? [{ key: `booking-event:${name}${i + 1}`, status: 'done', attempts: 1 }]
              : [],
          ),
        ),
    );
  });

  it('retry a failing subscriber with back-off, holding back its later events and no other subscriber', async () => {
    failFirstAttemptOf.add(1);
    const id = await book('retry@example.com');
    await move(id, '10:00:00');
    // Event 1 failed for the throwaway subscriber, so its event 2 waits (no attempt counted); the others went on.
    expect(seenByThrowaway).toEqual([]);
    const jobs = await jobsOf(id);
    expect(jobs.filter((j) => j.key.startsWith('booking-event:throwaway'))).toEqual([
      { key: 'booking-event:throwaway1', status: 'queued', attempts: 1 },
      { key: 'booking-event:throwaway2', status: 'queued', attempts: 0 },
    ]);
    const others = jobs.filter((j) => !j.key.startsWith('booking-event:throwaway'));
    expect(others.length).toBeGreaterThan(0);
    expect(new Set(others.map((j) => j.status))).toEqual(new Set(['done']));

    clock.advance(30_000);
    await runThrowaway(id);
    expect(seenByThrowaway).toEqual(['booking.created #1', 'booking.rescheduled #2']);
  });
});
