import { describe, expect, it } from 'vitest';
import { AvailabilityListSchema } from '#domain/availability/availability-schemas.ts';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { loadConfig } from '../../../config.ts';
import { PMS_UNAVAILABLE_MESSAGES } from '../../../features/availability/availability-service.ts';
import { bookingBody } from '../../../test/booking-factory.ts';
import { solveBotChallenge } from '../../../test/bot-challenge.ts';
import { providerSchedule } from '../../../test/fake-opendental-server.ts';
import {
  oneChairOffice,
  openDentalConfig,
  openDentalPractice,
  withFakeOpenDental,
} from '../../../test/opendental-test-kit.ts';
import { importPractices, reasonId } from '../../../test/practice-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';
import { DEFAULT_SLOTS_WAIT_MS, openDentalConnectorFromConfig } from './opendental-connector.ts';

/**
 * An Open Dental that stops answering (a request that hangs rather than fails) keeps no patient
 * waiting: the slots request answers 503 within the wait (shortened here from 5 s), the load goes
 * on and fills the cache, and the office's other requests are not held up longer than the wait.
 */
const WAIT_MS = 700;
/** Far longer than the wait, far shorter than the client's own 65-second timeout. */
const HANG_MS = 4_000;
const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;
let examId: string;

const fake = withFakeOpenDental((started) =>
  oneChairOffice(
    started,
    'office-slow',
    ['2026-04-07', '2026-05-05', '2026-06-02', '2026-07-07'].map((date) =>
      providerSchedule(date, 1, '08:00', '10:00', [1]),
    ),
  ),
);
const ctx = withTestApp(() => ({
  clock,
  config: openDentalConfig(fake, { slotsWaitMs: WAIT_MS }),
  seed: async (db) => {
    const exam = { name: 'Exam', final_duration: 30, to_show_providers: true };
    const ids = await importPractices(db, openDentalPractice('od-slow', 'office-slow', { reasons: [exam] }));
    practiceId = ids['od-slow']!;
    examId = await reasonId(db, practiceId, 'Exam');
  },
}));

async function slots(month: string) {
  const query = new URLSearchParams({
    practice_id: practiceId,
    reason_for_visit_id: examId,
    start_date: `${month}-01`,
    end_date: `${month}-28`,
  });
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/appointment/slots?${query}` });
  return { status: response.statusCode, body: response.json() };
}
const requestsFor = (month: string) => fake.requests.filter((r) => (r.query.get('dateStart') ?? '').startsWith(month));
const waitFor = async (check: () => boolean, ms = 10_000) => {
  for (const until = Date.now() + ms; !check() && Date.now() < until;)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('a hung Open Dental', () => {
  it('keeps a patient waiting 5 seconds at most by default', () => {
    expect(DEFAULT_SLOTS_WAIT_MS).toBe(5_000);
    const connector = openDentalConnectorFromConfig(loadConfig({ OPENDENTAL_DEVELOPER_KEY: 'key' }).openDental, {
      clock,
    });
    expect(connector?.slotsWaitMs).toBe(5_000);
  });

  it('answers slots for a month not in memory with 503 within the wait; the late answer fills the cache', async () => {
    fake.hang(HANG_MS, { path: '/schedules' });
    const started = Date.now();
    const { status, body } = await slots('2026-04');
    const waited = Date.now() - started;
    expect(status).toBe(503);
    expect(body).toEqual({ success: false, code: 'PMS_UNAVAILABLE', message: PMS_UNAVAILABLE_MESSAGES.unreachable });
    // Answered while Open Dental still held the first list (the next one is asked only after it).
    expect(requestsFor('2026-04')).toHaveLength(1);
    expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 50);
    // The wait plus the server's own work, on a machine that may be busy; far from the hang.
    expect(waited).toBeLessThan(WAIT_MS + 1_500);

    // The load goes on: once the hung request answers, the month's other three lists follow.
    await waitFor(() => requestsFor('2026-04').length === 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await slots('2026-04');
    expect(again.status).toBe(200);
    expect(
      successEnvelopeSchema(AvailabilityListSchema)
        .parse(again.body)
        .result.map((r) => r.DateTimeStart),
    ).toEqual(['2026-04-07 08:00:00', '2026-04-07 08:30:00', '2026-04-07 09:00:00', '2026-04-07 09:30:00']);
    // From the cache: Open Dental was not asked again.
    expect(requestsFor('2026-04')).toHaveLength(4);
  });

  it("does not hold up the office's other requests longer than the wait", async () => {
    fake.hang(HANG_MS, { path: '/schedules' });
    const hung = slots('2026-05');
    await waitFor(() => requestsFor('2026-05').length === 1);
    const hungArrived = requestsFor('2026-05')[0]!.at;
    const other = slots('2026-06');
    await waitFor(() => requestsFor('2026-06').length >= 1);
    const otherArrived = requestsFor('2026-06')[0]!.at;
    // It reached Open Dental while the hung request was still open…
    expect(requestsFor('2026-05')).toHaveLength(1);
    // …released after the wait, not after the hang (plus the spacing and a busy machine's delays).
    expect(otherArrived - hungArrived).toBeGreaterThanOrEqual(WAIT_MS - 50);
    expect(otherArrived - hungArrived).toBeLessThan(WAIT_MS + 1_500);
    expect((await hung).status).toBe(503);
    await other;
    await waitFor(() => requestsFor('2026-05').length === 4);
  });

  it('lets a booking wait for Open Dental longer than a slot list does', async () => {
    const challenge = await solveBotChallenge(ctx.app);
    fake.hang(WAIT_MS + 800, { path: '/schedules' });
    const started = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointment',
      headers: { 'x-bot-challenge': challenge },
      payload: bookingBody({
        practice_id: practiceId,
        rfv_id: examId,
        pms_prov_num: 1,
        pms_op_num: 1,
        apt_date: '2026-07-07',
        start_time: '08:00:00',
        end_time: '08:30:00',
      }),
    });
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS + 700);
  });
});
