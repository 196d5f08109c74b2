import { describe, expect, it } from 'vitest';
import { runSubscriberJobs } from '../../test/app-jobs.ts';
import { providerSchedule } from '../../test/fake-opendental-server.ts';
import { withOpenDentalBench } from '../../test/opendental-test-kit.ts';
import { fixedClock } from '../../test/test-app.ts';

// ADR 0069: every write into Open Dental is a `pms.written` event with what was written, not only the first.
const clock = fixedClock('2026-03-02T12:00:00Z');
const bench = withOpenDentalBench({
  clock,
  customerKey: 'office-w',
  schedules: [providerSchedule('2026-03-03', 1, '08:00', '17:00', [1])],
  formUrl: 'od-written',
  practice: { name: 'Written Dental', reasons: [{ name: 'Exam', final_duration: 30 }] },
});
const { ctx, bookWritten, runJobs } = bench;

const writtenEvents = (id: string) =>
  ctx.db.query<{ actor: { kind: string }; detail: unknown }>(
    `select actor, detail from booking_events where booking_id = $1 and type = 'pms.written' order by sequence`,
    [id],
  );

describe('pms.written (ADR 0069)', () => {
  it('is recorded for each write into Open Dental: the booking created, moved, confirmed, broken', async () => {
    const { id, aptNum } = await bookWritten('2026-03-03', '09:00', { email: 'written@example.com' });
    await ctx.app.bookingLifecycle.reschedule(id, { date: '2026-03-03', startTime: '10:00:00', provNum: 1 });
    await runSubscriberJobs(ctx, clock);
    await runJobs();
    await ctx.app.bookingLifecycle.changeStatus(id, 'confirmed', { actor: 'patient' });
    await runSubscriberJobs(ctx, clock);
    await runJobs();
    await ctx.app.bookingLifecycle.changeStatus(id, 'cancelled', { actor: 'patient' });
    await runSubscriberJobs(ctx, clock);
    await runJobs();
    expect(await writtenEvents(id)).toEqual(
      ['created', 'moved', 'confirmed', 'broken'].map((action) => ({
        actor: { kind: 'opendental' },
        detail: { pms_action: action, pms_apt_num: aptNum },
      })),
    );
  });
});
