import { describe, expect, it } from 'vitest';
import { odAppointment, providerSchedule } from '../../../test/fake-opendental-server.ts';
import { withOpenDentalExam } from '../../../test/opendental-test-kit.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { stampBefore } from './opendental-stamps.ts';

/**
 * The near dates' pass (ADR 0071) sees every change of the front desk within its interval: a change stamped in
 * the second of the last poll's answer, or committed just after it, is not lost between two polls; and a pass that
 * failed is tried again within seconds, not a whole interval later.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
let cadence = 0;
const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05'];
const { fake, ctx, exam } = withOpenDentalExam({
  clock,
  customerKey: 'office-n',
  formUrl: 'office-n',
  schedules: DAYS.map((date) => providerSchedule(date, 1, '08:00', '12:00', [1])),
  config: { mirror: { nearEveryMs: 60_000, cadenceNow: () => cadence } },
  // An appointment already on the book: answers carry the serverDateTime the next poll asks from.
  setUp: (started) =>
    started
      .office('office-n')
      .appointments.push(
        odAppointment({ AptNum: 80, AptDateTime: '2026-03-05 11:00:00', Pattern: 'XX', Op: 1, ProvNum: 1 }),
      ),
});
const mirror = () => ctx.app.openDentalMirror!;

const mirrored = async (aptNum: number) =>
  (
    await ctx.db.query(
      "select num from opendental_mirror_rows where practice_id = $1 and kind = 'appointment' and num = $2",
      [exam.practiceId, aptNum],
    )
  ).length === 1;

function frontDeskBooks(aptNum: number, at: string, stamp: string) {
  fake.office('office-n').appointments.push({
    ...odAppointment({ AptNum: aptNum, AptDateTime: at, Pattern: 'XXXXXX', Op: 1, ProvNum: 1 }),
    DateTStamp: stamp,
  });
}

/** The practice-level events of the practice (the clock is fixed: they are told apart by id). */
const practiceEvents = () =>
  ctx.db.query<{ id: string; type: string; actor: unknown; after: unknown }>(
    'select id, type, actor, after from booking_events where practice_id = $1 and booking_id is null',
    [exam.practiceId],
  );
const eventIds = async () => new Set((await practiceEvents()).map((e) => e.id));
const eventsSince = async (before: Set<string>) => (await practiceEvents()).filter((e) => !before.has(e.id));

describe("the mirror's near dates", () => {
  it("see a change stamped just before the last answer's serverDateTime (whole seconds, a late commit)", async () => {
    await mirror().syncPractice(exam.practiceId);
    const [state] = await ctx.db.query<{ stamp: string }>(
      'select appointments_stamp as stamp from opendental_mirror_state where practice_id = $1',
      [exam.practiceId],
    );
    expect(state!.stamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    frontDeskBooks(81, '2026-03-03 09:00:00', stampBefore(state!.stamp, 1));
    await mirror().syncPractice(exam.practiceId);
    expect(await mirrored(81)).toBe(true);
  });

  it('try a failed pass again within seconds, not a whole interval later', async () => {
    await mirror().syncPractice(exam.practiceId);
    cadence += 61_000;
    frontDeskBooks(82, '2026-03-04 09:00:00', fake.stamp());
    fake.fail('server-error', { path: '/appointments' });
    await mirror().syncAll();
    expect(await mirrored(82)).toBe(false);
    cadence += 10_000;
    await mirror().syncAll();
    expect(await mirrored(82)).toBe(true);
  });

  it('name the time the front desk took, moved or freed, in events a waitlist or a webhook can act on', async () => {
    await mirror().syncPractice(exam.practiceId);
    const before = await eventIds();
    const office = fake.office('office-n');
    frontDeskBooks(83, '2026-03-05 08:00:00', fake.stamp());
    const moved = office.appointments.find((a) => a.AptNum === 80)!;
    Object.assign(moved, { AptDateTime: '2026-03-05 10:00:00', DateTStamp: fake.stamp() });
    const freed = office.appointments.find((a) => a.AptNum === 81)!;
    Object.assign(freed, { AptStatus: 'UnschedList', DateTStamp: fake.stamp() });
    await mirror().syncPractice(exam.practiceId);

    const events = await eventsSince(before);
    const time = (aptNum: number, start: string, end: string, minutes = { pms_prov_num: 1, pms_op_num: 1 }) => ({
      pms_apt_num: aptNum,
      ...minutes,
      start,
      end,
    });
    expect(events.map((e) => e.actor)).toEqual(events.map(() => ({ kind: 'opendental' })));
    expect(events.map(({ type, after }) => ({ type, after }))).toEqual(
      expect.arrayContaining([
        { type: 'opendental.time_freed', after: time(80, '2026-03-05 11:00', '2026-03-05 11:10') },
        { type: 'opendental.time_taken', after: time(80, '2026-03-05 10:00', '2026-03-05 10:10') },
        { type: 'opendental.time_freed', after: time(81, '2026-03-03 09:00', '2026-03-03 09:30') },
        { type: 'opendental.time_taken', after: time(83, '2026-03-05 08:00', '2026-03-05 08:30') },
      ]),
    );
    expect(events).toHaveLength(4);
  });

  it('tell a first fill as one change of the practice, naming no time', async () => {
    await ctx.db.query('delete from opendental_mirror_rows where practice_id = $1', [exam.practiceId]);
    await ctx.db.query('delete from opendental_mirror_ranges where practice_id = $1', [exam.practiceId]);
    const before = await eventIds();
    await mirror().syncPractice(exam.practiceId);
    expect((await eventsSince(before)).map((e) => e.type)).toEqual(['opendental.changed']);
  });
});
