import { beforeAll, describe, expect, it } from 'vitest';
import { AvailabilityListSchema } from '#domain/availability/availability-schemas.ts';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { providerSchedule } from '../../../test/fake-opendental-server.ts';
import { politenessOf } from '../../../test/fake-opendental-throttle.ts';
import { postChairOne, withOpenDentalExam } from '../../../test/opendental-test-kit.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { PMS_UNAVAILABLE_MESSAGES } from '../../../features/availability/availability-service.ts';

/**
 * An Open Dental that hangs or is down keeps no patient waiting (ADR 0071): slot lists come from
 * the mirror in the time of a built-in practice's, whatever Open Dental does; once the mirror is
 * older than the practice allows, the list says since when. A hung request is never overlapped: a
 * booking's re-check waits behind it for its own timeout at most, queue wait included, then answers
 * "unavailable" having saved nothing and sent nothing.
 */
const HANG_MS = 2_000;
const RECHECK_TIMEOUT_MS = 500;
const clock = fixedClock('2026-03-02T12:00:00Z');

const { fake, ctx, exam } = withOpenDentalExam({
  clock,
  customerKey: 'office-slow',
  formUrl: 'od-slow',
  schedules: ['2026-04-07', '2026-05-05', '2026-06-02', '2026-07-07'].map((date) =>
    providerSchedule(date, 1, '08:00', '10:00', [1]),
  ),
  config: { recheckTimeoutMs: RECHECK_TIMEOUT_MS },
});
const sync = () => ctx.app.openDentalMirror!.syncPractice(exam.practiceId);
beforeAll(() => sync());

async function slots(month: string) {
  const query = new URLSearchParams({
    practice_id: exam.practiceId,
    reason_for_visit_id: exam.examId,
    start_date: `${month}-01`,
    end_date: `${month}-28`,
  });
  const started = Date.now();
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/appointment/slots?${query}` });
  const body = response.json();
  const result = response.statusCode === 200 ? successEnvelopeSchema(AvailabilityListSchema).parse(body).result : [];
  return { status: response.statusCode, body, ms: Date.now() - started, starts: result.map((r) => r.DateTimeStart) };
}

describe('a hung or down Open Dental', () => {
  it('does not keep a patient waiting: slots come from the mirror while a request hangs', async () => {
    fake.hang(HANG_MS);
    const syncing = sync();
    await expect.poll(() => fake.requests.some((r) => r.endedAt === undefined)).toBe(true);
    const answer = await slots('2026-04');
    expect(answer.status).toBe(200);
    expect(answer.starts).toEqual([
      '2026-04-07 08:00:00',
      '2026-04-07 08:30:00',
      '2026-04-07 09:00:00',
      '2026-04-07 09:30:00',
    ]);
    // A fraction of the hang; a busy machine's delays included.
    expect(answer.ms).toBeLessThan(500);
    await syncing;
  });

  it('answers from the mirror while the office is down, with stale_since once older than the limit', async () => {
    const [state] = await ctx.db.query<{ last_refreshed_at: Date }>(
      'select last_refreshed_at from opendental_mirror_state where practice_id = $1',
      [exam.practiceId],
    );
    clock.advance(10 * 60_000);
    fake.fail('econnector');
    await sync();
    const early = await slots('2026-05');
    expect(early.status).toBe(200);
    expect(early.body).not.toHaveProperty('stale_since');
    // Past the default limit of 15 minutes (and the slot cache's 20 seconds).
    clock.advance(6 * 60_000);
    const late = await slots('2026-05');
    expect(late.status).toBe(200);
    expect(late.starts).toHaveLength(4);
    expect(late.body).toMatchObject({ stale_since: new Date(state!.last_refreshed_at).toISOString() });
    expect(late.ms).toBeLessThan(500);
    const [after] = await ctx.db.query<{ last_error: string }>(
      'select last_error from opendental_mirror_state where practice_id = $1',
      [exam.practiceId],
    );
    expect(after!.last_error).toMatch(/eConnector/);
  });

  it("never overlaps a hung request: a booking's re-check gives up within its timeout, queue included", async () => {
    await sync(); // Open Dental answers again: the mirror is current
    fake.hang(HANG_MS, { path: '/schedules' });
    const from = fake.requests.length;
    const syncing = sync();
    await expect.poll(() => fake.requests.length > from).toBe(true);
    const visit = { practiceId: exam.practiceId, reasonId: exam.examId, date: '2026-07-07', time: '08:00:00' };
    const started = Date.now();
    const refused = await postChairOne(ctx, visit);
    const waitedMs = Date.now() - started;
    expect(refused).toEqual({
      status: 503,
      body: { success: false, code: 'PMS_UNAVAILABLE', message: PMS_UNAVAILABLE_MESSAGES.unreachable },
    });
    expect(waitedMs).toBeGreaterThanOrEqual(RECHECK_TIMEOUT_MS - 50);
    // Its own timeout and a busy machine's delays, well short of the hung request's end.
    expect(waitedMs).toBeLessThan(HANG_MS - 500);
    const saved = await ctx.db.query('select id from appointments where practice_id = $1', [exam.practiceId]);
    expect(saved).toEqual([]);
    await syncing;
    const asked = fake.requests.slice(from);
    // The abandoned re-check left the queue: it never reached Open Dental.
    expect(asked.filter((r) => r.query.get('dateStart') === '2026-07-07')).toEqual([]);
    expect(politenessOf(asked, 'office-slow').overlaps).toBe(0);
    expect(fake.breaches).toEqual([]);
    // Once Open Dental answers, the same booking is confirmed after its re-check.
    const recheckFrom = fake.requests.length;
    expect((await postChairOne(ctx, visit)).status).toBe(201);
    expect(fake.requests.slice(recheckFrom).some((r) => r.query.get('dateStart') === '2026-07-07')).toBe(true);
  });
});
