import { expect, it } from 'vitest';
import { providerSchedule } from '../../../test/fake-opendental-server.ts';
import { politenessOf } from '../../../test/fake-opendental-throttle.ts';
import { postChairOne, withOpenDentalExam } from '../../../test/opendental-test-kit.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { markRangeRefreshed } from './opendental-mirror-repository.ts';
import { monthsOf } from './opendental-mirror-sync.ts';

/**
 * At Open Dental's real rate (one request a second, the stand-in refusing anything faster), the
 * near dates' refresh and a booking's re-check share the office's turn: never two in flight, never
 * two starts under a second apart (ADR 0071). The months are marked filled, so that the test stays short.
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

it('keeps to one request a second per office when the sync and a booking ask at once', async () => {
  const booking = postChairOne(ctx, {
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
}, 15_000);
