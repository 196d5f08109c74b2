import { afterEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { createTestApp, fixedClock, withTestApp } from '../../test/test-app.ts';
import { latestCode, sendOtp, verifyOtp } from '../verification/verification-test-kit.ts';
import { CHECKOUT_RETURN_URLS, halfHours, postCheckout } from '../../test/booking-requests.ts';

// The base clock stands for real time: Monday 2 March 2026, 07:00 in New York (EST, UTC-5).
const base = fixedClock('2026-03-02T12:00:00Z');
let ids: Record<string, string>;
let examId: string;
let whiteningId: string;

const ctx = withTestApp({
  clock: base,
  seed: async (db) => {
    ids = await importPractices(
      db,
      practiceConfig({
        reasons: [
          { name: 'Exam', final_duration: 30 },
          { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true },
        ],
      }),
      practiceConfig({ form_url: 'verify-dental', name: 'Verify Dental', to_verify_patient: true }),
    );
    examId = await reasonId(db, ids['test-practice']!, 'Exam');
    whiteningId = await reasonId(db, ids['test-practice']!, 'Whitening');
  },
});
afterEach(() => ctx.app.inject({ method: 'DELETE', url: '/_dev/clock' }));

const moveClock = (now: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/_dev/clock', payload: { now }, headers });

/** Local start times offered on `date` (by any provider, or by `provNum`). */
async function slotStarts(date: string, provNum?: number): Promise<string[]> {
  const query = new URLSearchParams({
    practice_id: ids['test-practice']!,
    reason_for_visit_id: examId,
    start_date: date,
    end_date: date,
    ...(provNum ? { pms_prov_num: String(provNum) } : {}),
  });
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/appointment/slots?${query}` });
  expect(response.statusCode).toBe(200);
  return [
    ...new Set((response.json().result as { DateTimeStart: string }[]).map((slot) => slot.DateTimeStart.slice(11, 16))),
  ];
}

describe('/_dev/clock', () => {
  it('moves the clock to an instant with an offset, runs on from there, and DELETE puts it back', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/_dev/clock' })).json()).toEqual({
      success: true,
      result: { now: '2026-03-02T12:00:00.000Z', is_moved: false },
    });
    const moved = await moveClock('2026-07-01T08:30:00-04:00');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ success: true, result: { now: '2026-07-01T12:30:00.000Z', is_moved: true } });
    base.advance(5_000);
    const read = await ctx.app.inject({ method: 'GET', url: '/_dev/clock' });
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json().result).toEqual({ now: '2026-07-01T12:30:05.000Z', is_moved: true });
    expect(ctx.app.clock.now().toISOString()).toBe('2026-07-01T12:30:05.000Z');

    const reset = await ctx.app.inject({ method: 'DELETE', url: '/_dev/clock' });
    expect(reset.json()).toEqual({ success: true, result: { now: '2026-03-02T12:00:05.000Z', is_moved: false } });
    base.advance(-5_000);
  });

  it('changes the slots offered; the reset offers the earlier ones again (no cached list from "later")', async () => {
    const wholeDay = [...halfHours('09:00', '11:30'), ...halfHours('13:00', '16:30')];
    expect(await slotStarts('2026-03-02')).toEqual(wholeDay);
    await moveClock('2026-03-02T14:10:00-05:00');
    expect(await slotStarts('2026-03-02')).toEqual(halfHours('14:30', '16:30'));
    await ctx.app.inject({ method: 'DELETE', url: '/_dev/clock' });
    expect(await slotStarts('2026-03-02')).toEqual(wholeDay);
  });

  it('runs a job once the clock passes its run_at, through a worker on the app clock', async () => {
    let runs = 0;
    const worker = createJobWorker({
      db: ctx.db,
      clock: ctx.app.clock,
      handlers: { 'test.later': async () => void runs++ },
      logger: { warn: () => undefined, error: () => undefined },
    });
    await enqueueJob(ctx.db, { type: 'test.later', payload: {}, runAt: new Date('2026-03-05T09:00:00Z') });
    const status = async () =>
      (await ctx.db.query<{ status: string }>(`select status from jobs where type = 'test.later'`))[0]!.status;
    await worker.runDueJobs();
    expect(runs).toBe(0);
    await moveClock('2026-03-05T09:00:01Z');
    await worker.runDueJobs();
    expect(runs).toBe(1);
    expect(await status()).toBe('done');
  });

  it('releases a payment hold at once when moved past its expiry, so its slot is offered again', async () => {
    const response = await postCheckout(ctx.app, {
      ...bookingBody({
        practice_id: ids['test-practice']!,
        rfv_id: whiteningId,
        start_time: '16:00:00',
        end_time: '16:30:00',
      }),
      ...CHECKOUT_RETURN_URLS,
    });
    expect(response.status).toBe(201);
    const appointment = async () =>
      (
        await ctx.db.query<{ status: string }>('select status from appointments where payment_session_id = $1', [
          response.body.result.session_id,
        ])
      )[0]!;
    // bookingBody books provider 1 on 3 March.
    expect(await slotStarts('2026-03-03', 1)).not.toContain('16:00');

    await moveClock('2026-03-02T13:00:00Z');
    expect(await appointment()).toMatchObject({ status: 'expired' });
    expect(await slotStarts('2026-03-03', 1)).toContain('16:00');
  });

  it('expires a one-time code when moved past its ten minutes', async () => {
    const contact = {
      recipient: 'clock@example.com',
      verification_type: 'email' as const,
      practice_id: ids['verify-dental']!,
    };
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    const code = await latestCode(ctx.db, ctx.app.clock, contact.recipient);
    await moveClock('2026-03-02T12:10:01Z');
    expect((await verifyOtp(ctx.app, contact, code)).body).toEqual({
      success: false,
      code: 'OTP_INVALID',
      message: 'This code has expired. Please request a new code.',
    });
  });

  it.each([
    ['no offset', '2026-03-02T12:00:00'],
    ['no time', '2026-03-02'],
    ['a date that does not exist', '2026-02-31T12:00:00Z'],
    ['words', 'tomorrow'],
    ['a number', 1_772_452_800_000],
    ['nothing', undefined],
  ])(
    'answers 422 in the error shape for %s, as every body its schema refuses, and leaves the clock alone',
    async (_name, now) => {
      const response = await moveClock(now);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^Please correct: /),
        fields: { now: expect.any(String) },
      });
      expect(ctx.app.clock.now().toISOString()).toBe('2026-03-02T12:00:00.000Z');
    },
  );

  it("refuses another site's page (403) and accepts this site's own", async () => {
    for (const request of [
      moveClock('2026-04-01T12:00:00Z', { origin: 'https://evil.example' }),
      // Refused before its body is read.
      moveClock('tomorrow', { origin: 'https://evil.example' }),
      ctx.app.inject({ method: 'DELETE', url: '/_dev/clock', headers: { origin: 'null' } }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(ctx.app.clock.now().toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect((await moveClock('2026-04-01T12:00:00Z', { origin: 'http://localhost:8080' })).statusCode).toBe(200);
  });
});

describe('with dev tools off', () => {
  it('has no /_dev/clock routes and keeps the plain clock it was given', async () => {
    const off = await createTestApp(ctx.db, { clock: base, config: { devTools: false } });
    try {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await off.inject({
          method,
          url: '/_dev/clock',
          ...(method === 'POST' ? { payload: { now: '2026-04-01T12:00:00Z' } } : {}),
        });
        expect(response.statusCode, method).toBe(404);
      }
      expect(off.clock).toBe(base);
    } finally {
      await off.close();
    }
  });
});
