import { describe, expect, it } from 'vitest';
import { AvailabilityListSchema } from '#domain/availability/availability-schemas.ts';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { getSlots } from '../../../test/booking-requests.ts';
import { odAppointment } from '../../../test/fake-opendental-server.ts';
import { politenessOf } from '../../../test/fake-opendental-throttle.ts';
import {
  PAGED_OFFICE_DAYS,
  PAGED_OFFICE_MIN_INTERVAL_MS,
  postChairOne,
  withPagedOpenDentalOffice,
} from '../../../test/opendental-test-kit.ts';
import { fixedClock } from '../../../test/test-app.ts';

/**
 * The Open Dental mirror against the stand-in with its throttle on (ADR 0071): the first fill, a
 * front-desk change reaching the slot list within the near-dates interval, a booking over a time
 * taken in Open Dental but not yet mirrored, a 429 honoured, and a run of more than 60 requests in
 * which Open Dental never sees two in flight nor two starts closer than its interval.
 */
const NEAR_EVERY_MS = 300;
const clock = fixedClock('2026-03-02T12:00:00Z');

const days = PAGED_OFFICE_DAYS;
const { fake, ctx, exam } = withPagedOpenDentalOffice(clock, 'office-m', {
  mirror: { nearEveryMs: NEAR_EVERY_MS, tickMs: 50 },
});
const mirror = () => ctx.app.openDentalMirror!;

/** Ana One's half hours from 08:00 to 11:30. */
const MORNING = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];

const slotsAnswer = (date: string) =>
  getSlots(ctx.app, {
    practice_id: exam.practiceId,
    reason_for_visit_id: exam.examId,
    start_date: date,
    end_date: date,
  });

async function startsOn(date: string): Promise<string[]> {
  const answer = await slotsAnswer(date);
  expect(answer.status).toBe(200);
  return successEnvelopeSchema(AvailabilityListSchema)
    .parse(answer.body)
    .result.map((r) => r.DateTimeStart.slice(11, 16));
}

describe('the Open Dental mirror', () => {
  it('answers 503 before the first fill, and slots from the mirror after it', async () => {
    const before = await slotsAnswer('2026-03-03');
    expect(before).toMatchObject({ status: 503, body: { code: 'PMS_UNAVAILABLE' } });
    await mirror().syncPractice(exam.practiceId);
    expect(await startsOn('2026-03-03')).toEqual(MORNING);
    const [{ count }] = (await ctx.db.query<{ count: number }>(
      "select count(*)::int as count from opendental_mirror_rows where practice_id = $1 and kind = 'appointment'",
      [exam.practiceId],
    )) as [{ count: number }];
    expect(count).toBe(450);
  });

  it("shows the front desk's appointment within the near-dates interval, with the sync running", async () => {
    expect(await startsOn('2026-03-04')).toContain('09:00');
    mirror().start();
    try {
      fake.office('office-m').appointments.push({
        ...odAppointment({ AptNum: 77, AptDateTime: '2026-03-04 09:00:00', Pattern: 'XXXXXX', Op: 1, ProvNum: 1 }),
        DateTStamp: fake.stamp(),
      });
      const started = Date.now();
      await expect.poll(() => startsOn('2026-03-04'), { timeout: 5_000, interval: 25 }).not.toContain('09:00');
      expect(Date.now() - started).toBeLessThan(NEAR_EVERY_MS + 2_000);
      // The change is a practice-level event naming the time taken (ADR 0069), for a waitlist or a webhook.
      const events = await ctx.db.query<{ type: string; actor: unknown; after: unknown }>(
        'select type, actor, after from booking_events where practice_id = $1 and booking_id is null',
        [exam.practiceId],
      );
      expect(events).toContainEqual({
        type: 'opendental.time_taken',
        actor: { kind: 'opendental' },
        after: { pms_apt_num: 77, pms_prov_num: 1, pms_op_num: 1, start: '2026-03-04 09:00', end: '2026-03-04 09:30' },
      });
    } finally {
      mirror().stop();
    }
  });

  it('refuses a booking over a time taken in Open Dental but not yet mirrored, and corrects the mirror', async () => {
    expect(await startsOn('2026-03-05')).toContain('10:00');
    fake
      .office('office-m')
      .appointments.push(
        odAppointment({ AptNum: 78, AptDateTime: '2026-03-05 10:00:00', Pattern: 'XXXXXX', Op: 1, ProvNum: 1 }),
      );
    const { status, body } = await postChairOne(ctx, {
      practiceId: exam.practiceId,
      reasonId: exam.examId,
      date: '2026-03-05',
      time: '10:00:00',
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'SLOT_TAKEN' });
    await expect
      .poll(async () =>
        ctx.db.query(
          "select num from opendental_mirror_rows where practice_id = $1 and kind = 'appointment' and num = 78",
          [exam.practiceId],
        ),
      )
      .toHaveLength(1);
    // The slot caches are cleared once the corrected row is written: a moment after it, not with it.
    await expect.poll(() => startsOn('2026-03-05')).not.toContain('10:00');
  });

  it('honours a 429: the next request waits as long as Retry-After says', async () => {
    const from = fake.requests.length;
    fake.rateLimit(1, 1);
    await mirror().syncPractice(exam.practiceId);
    const asked = fake.requests.slice(from);
    expect(asked[1]!.at - asked[0]!.at).toBeGreaterThanOrEqual(950);
    const [state] = await ctx.db.query('select last_error from opendental_mirror_state where practice_id = $1', [
      exam.practiceId,
    ]);
    expect(state).toEqual({ last_error: null });
  });

  it('never has two requests in flight nor two starts closer than the interval, over 60 requests', async () => {
    fake.requests.length = 0;
    fake.breaches.length = 0;
    await ctx.db.query('delete from opendental_mirror_ranges where practice_id = $1', [exam.practiceId]);
    // A refill (30 requests with paging) while bookings re-check their times with Open Dental.
    const rechecks = Array.from({ length: 6 }, (_, i) =>
      postChairOne(
        ctx,
        { practiceId: exam.practiceId, reasonId: exam.examId, date: days[8 + i]!, time: '11:00:00' },
        { email: `mirror-${i}@example.com` },
      ),
    );
    await Promise.all([mirror().syncPractice(exam.practiceId), mirror().syncPractice(exam.practiceId), ...rechecks]);
    await mirror().syncPractice(exam.practiceId);
    await mirror().syncPractice(exam.practiceId);
    await ctx.db.query('delete from opendental_mirror_ranges where practice_id = $1', [exam.practiceId]);
    await mirror().syncPractice(exam.practiceId);
    const polite = politenessOf(fake.requests, 'office-m');
    expect(polite.count).toBeGreaterThanOrEqual(60);
    expect(polite.overlaps).toBe(0);
    expect(polite.minGapMs).toBeGreaterThanOrEqual(PAGED_OFFICE_MIN_INTERVAL_MS);
    expect(fake.breaches).toEqual([]);
  });
});
