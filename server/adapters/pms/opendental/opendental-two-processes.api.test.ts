import { describe, expect, it } from 'vitest';
import { getSlots } from '../../../test/booking-requests.ts';
import { politenessOf } from '../../../test/fake-opendental-throttle.ts';
import {
  openDentalConfig,
  PAGED_OFFICE_DAYS,
  PAGED_OFFICE_MIN_INTERVAL_MS,
  postChairOne,
  withOtherProcess,
  withPagedOpenDentalOffice,
} from '../../../test/opendental-test-kit.ts';
import { addStaff, signIn } from '../../../test/staff-factory.ts';
import { fixedClock, type TestAppContext } from '../../../test/test-app.ts';

/**
 * Two app instances on one database, as two server processes (ADR 0071): on PostgreSQL each has its
 * own connections and they take the office's turn through its row; on PGlite, one process's database
 * (ADR 0065), they share the turns kept in memory. Either way Open Dental (the stand-in, refusing and
 * counting anything faster or overlapping) sees one request of the office at a time, never two starts
 * closer than its interval, and one process syncing the office while the other reads the mirror.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const days = PAGED_OFFICE_DAYS;
const { fake, ctx, exam } = withPagedOpenDentalOffice(clock, 'office-two', { recheckTimeoutMs: 30_000 });

/** The other process: its own connections on PostgreSQL, the same database. */
const other = withOtherProcess(ctx, () => ({
  clock,
  config: openDentalConfig(fake, { requestsPerSecond: 20, recheckTimeoutMs: 30_000 }),
}));

const visit = (date: string, time: string) => ({ practiceId: exam.practiceId, reasonId: exam.examId, date, time });

describe('two processes on one database', () => {
  it('lets one process sync the office while the other reads the mirror', async () => {
    await ctx.app.openDentalMirror!.syncPractice(exam.practiceId);
    const from = fake.requests.length;
    await other.app.openDentalMirror!.syncPractice(exam.practiceId);
    expect(fake.requests.length).toBe(from);
    const answer = await getSlots(other.app, {
      practice_id: exam.practiceId,
      reason_for_visit_id: exam.examId,
      start_date: days[0]!,
      end_date: days[0]!,
    });
    expect(answer.status).toBe(200);
  });

  it('never has two requests of the office in flight nor two starts closer than its interval, over 60', async () => {
    fake.requests.length = 0;
    fake.breaches.length = 0;
    const statuses: number[] = [];
    // Free half hours, one booking each: 20 days of 08:00 to 12:00.
    const times = days.flatMap((date) => ['08:00', '08:30', '10:30', '11:00', '11:30'].map((t) => [date, t] as const));
    /** Bookings of one process one after the other, each re-checking its time with Open Dental, until `until` ends. */
    const bookWhile = async (process: TestAppContext, until: Promise<void>) => {
      let isDone = false;
      void until.finally(() => (isDone = true));
      while (!isDone && times.length > 0) {
        const [date, time] = times.shift()!;
        const answer = await postChairOne(process, visit(date, `${time}:00`), {
          email: `two-${date}-${time.replace(':', '')}@example.com`,
        });
        statuses.push(answer.status);
      }
    };
    // Two refills by the process holding the lease, while the other process's bookings re-check their times.
    for (let round = 0; round < 2; round++) {
      await ctx.db.query('delete from opendental_mirror_ranges where practice_id = $1', [exam.practiceId]);
      const syncing = ctx.app.openDentalMirror!.syncPractice(exam.practiceId);
      await Promise.all([syncing, bookWhile(other, syncing)]);
    }
    expect(statuses.length).toBeGreaterThanOrEqual(8);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const polite = politenessOf(fake.requests, 'office-two');
    expect(polite.count).toBeGreaterThanOrEqual(60);
    expect(polite.overlaps).toBe(0);
    expect(polite.minGapMs).toBeGreaterThanOrEqual(PAGED_OFFICE_MIN_INTERVAL_MS);
    expect(fake.breaches).toEqual([]);
  }, 60_000);

  it("honours a 429 in every process: the office's next request waits for its Retry-After", async () => {
    await ctx.app.openDentalMirror!.syncPractice(exam.practiceId);
    fake.requests.length = 0;
    fake.rateLimit(1, 1);
    const [date, time] = ['2026-03-20', '09:30:00'];
    const booking = postChairOne(other, visit(date, time), {
      email: 'after-429@example.com',
    });
    await Promise.all([ctx.app.openDentalMirror!.syncPractice(exam.practiceId), booking]);
    expect((await booking).status).toBe(201);
    const [limited, next] = fake.requests.filter((r) => r.customerKey === 'office-two');
    expect(next!.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(fake.breaches).toEqual([]);
  });

  it('serves "Refresh from Open Dental" clicked on the process without the lease, once, on the holder', async () => {
    await ctx.app.openDentalMirror!.syncPractice(exam.practiceId);
    // Nothing is due: a tick of the holder now asks Open Dental nothing.
    let from = fake.requests.length;
    await ctx.app.openDentalMirror!.syncAll();
    expect(fake.requests.length).toBe(from);
    const owner = await signIn(other.app, await addStaff(other.db, { practiceIds: [exam.practiceId], role: 'owner' }));
    expect((await owner.post('/api/v1/staff/opendental/refresh', {})).statusCode).toBe(202);
    await other.app.openDentalMirror!.syncPractice(exam.practiceId, false);
    expect(fake.requests.length).toBe(from);
    // The holder's next tick takes the request up: a forced pass, in the office's turn.
    await ctx.app.openDentalMirror!.syncAll();
    expect(fake.requests.slice(from).map((r) => r.path)).toContain('/schedules');
    expect(fake.breaches).toEqual([]);
    from = fake.requests.length;
    await ctx.app.openDentalMirror!.syncAll();
    expect(fake.requests.length).toBe(from);
  });

  it('hands the office to the other process as soon as the syncing one stops', async () => {
    await ctx.app.openDentalMirror!.syncPractice(exam.practiceId);
    let from = fake.requests.length;
    await other.app.openDentalMirror!.syncPractice(exam.practiceId);
    expect(fake.requests.length).toBe(from);
    await ctx.app.openDentalMirror!.stop();
    from = fake.requests.length;
    await other.app.openDentalMirror!.syncPractice(exam.practiceId);
    expect(fake.requests.length).toBeGreaterThan(from);
  });
});
