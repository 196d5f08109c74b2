import { expect, it } from 'vitest';
import { providerSchedule } from '../../../test/fake-opendental-server.ts';
import { politenessOf } from '../../../test/fake-opendental-throttle.ts';
import {
  openDentalConfig,
  postChairOne,
  withOpenDentalExam,
  withOtherProcess,
} from '../../../test/opendental-test-kit.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { markRangeRefreshed } from './opendental-mirror-repository.ts';
import { monthsOf } from './opendental-mirror-sync.ts';

/**
 * At Open Dental's real rate (one request a second, the stand-in refusing anything faster), the
 * near dates' refresh of one process and a booking's re-check in another (a second app on the same
 * database) share the office's turn: never two in flight, never two starts under a second apart
 * (ADR 0071). The months are marked filled, so that the test stays short.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const { fake, ctx, exam } = withOpenDentalExam({
  clock,
  customerKey: 'office-real',
  formUrl: 'od-real',
  schedules: [providerSchedule('2026-03-05', 1, '08:00', '12:00', [1])],
  fake: { minIntervalMs: 1_000 },
  config: { requestsPerSecond: 1 },
  seeded: async (db, practiceId) => {
    for (const month of monthsOf('2026-03-02', '2027-02-28'))
      await markRangeRefreshed(db, practiceId, month, clock.now());
  },
});

const other = withOtherProcess(ctx, () => ({ clock, config: openDentalConfig(fake, { requestsPerSecond: 1 }) }));

it('keeps to one request a second per office when one process syncs and another books', async () => {
  // The near dates' schedules in the mirror first, so that the booking is one the mirror offers.
  await ctx.app.openDentalMirror!.syncPractice(exam.practiceId);
  fake.requests.length = 0;
  const booking = postChairOne(other, {
    practiceId: exam.practiceId,
    reasonId: exam.examId,
    date: '2026-03-05',
    time: '09:00:00',
  });
  await Promise.all([ctx.app.openDentalMirror!.syncPractice(exam.practiceId), booking]);
  expect((await booking).status).toBe(201);
  const polite = politenessOf(fake.requests, 'office-real');
  expect(polite).toMatchObject({ count: 3, overlaps: 0 });
  expect(polite.minGapMs).toBeGreaterThanOrEqual(1_000);
  expect(fake.breaches).toEqual([]);
}, 20_000);
