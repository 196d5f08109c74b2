import { describe, expect, it } from 'vitest';
import { AvailabilityListSchema } from '#domain/availability/availability-schemas.ts';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { fixedClock } from '../../test/test-app.ts';
import {
  CHECKOUT_RETURN_URLS,
  getSlots,
  halfHours,
  postBooking,
  postCheckout,
  releaseExpiredHolds,
} from '../../test/booking-requests.ts';
import { withPracticeApp } from '../../test/practice-app.ts';
import { reasonId } from '../../test/practice-factory.ts';

// Monday 2 March 2026, 07:00 in New York (EST, UTC-5).
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withPracticeApp({
  clock,
  practices: [
    {
      clinic_set_up: true,
      clinics: [
        { pms_clinic_num: 1, display_name: 'Downtown' },
        { pms_clinic_num: 2, display_name: 'Uptown' },
        { pms_clinic_num: 3, display_name: 'Closed' },
      ],
      operatories: [
        { pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 },
        { pms_op_num: 2, name: 'Chair 2', pms_clinic_num: 1 },
      ],
      schedules: [1, 2].map((n) => ({
        pms_prov_num: n,
        pms_op_num: n,
        pms_clinic_num: 1,
        weekdays: [1, 2, 3, 4, 5],
        start: '09:00',
        end: '17:00',
        breaks: [{ start: '12:00', end: '13:00' }],
      })),
      reasons: [
        { name: 'Exam', final_duration: 30, to_show_providers: true, clinics: [1] },
        { name: 'Long', final_duration: 90, providers: [2] },
        { name: 'Retired', is_active: false },
        { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true },
      ],
    },
    { form_url: 'lead-time', min_hours_before_booking: 3 },
    { form_url: 'on-open-dental', pms: { type: 'opendental', customer_key: 'abc' } },
  ],
  seed: async (db, practiceIds) => {
    await db.query('update clinics set is_active = false where practice_id = $1 and pms_clinic_num = 3', [
      practiceIds['test-practice'],
    ]);
  },
});

const slots = (params: Record<string, string | number>) => getSlots(ctx.app, params);

const parseSlots = (body: unknown) => successEnvelopeSchema(AvailabilityListSchema).parse(body).result;

describe('GET /api/v1/appointment/slots', () => {
  it('returns practice-local records sorted by start, one per start time for earliest available', async () => {
    const { status, body } = await slots({
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.reasonId('Exam'),
      start_date: '2026-03-02',
      end_date: '2026-03-02',
    });
    expect(status).toBe(200);
    const records = parseSlots(body);
    // 09:00–12:00 and 13:00–17:00 in 30-minute steps: 6 + 8 starts, each offered once.
    expect(records).toHaveLength(14);
    expect(records[0]).toEqual({
      DateTimeStart: '2026-03-02 09:00:00',
      DateTimeEnd: '2026-03-02 09:30:00',
      ProvNum: 1,
      OpNum: 1,
    });
    expect(records.map((r) => r.DateTimeStart)).toEqual([...records.map((r) => r.DateTimeStart)].sort());
    expect(records.some((r) => r.DateTimeStart === '2026-03-02 12:00:00')).toBe(false);
  });

  it('offers one provider when pms_prov_num is given', async () => {
    const { body } = await slots({
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.reasonId('Exam'),
      start_date: '2026-03-02',
      end_date: '2026-03-06',
      pms_prov_num: 2,
    });
    const records = parseSlots(body);
    expect(records).toHaveLength(5 * 14);
    expect(new Set(records.map((r) => r.ProvNum))).toEqual(new Set([2]));
  });

  it("limits a reason to its providers and cuts slots to the reason's duration", async () => {
    const longId = ctx.reasonId('Long');
    const { body } = await slots({
      practice_id: ctx.practiceId,
      reason_for_visit_id: longId,
      start_date: '2026-03-02',
      end_date: '2026-03-02',
    });
    const records = parseSlots(body);
    expect(new Set(records.map((r) => r.ProvNum))).toEqual(new Set([2]));
    // 90 minutes fit at 09:00, 09:30, 10:00, 10:30 before lunch and 13:00 … 15:30 after.
    expect(records.map((r) => r.DateTimeStart.slice(11, 16))).toEqual([
      ...halfHours('09:00', '10:30'),
      ...halfHours('13:00', '15:30'),
    ]);
    expect(records[0]!.DateTimeEnd).toBe('2026-03-02 10:30:00');
  });

  it('keeps the minimum lead time on the server', async () => {
    const practiceId = ctx.practiceIds['lead-time']!;
    const { body } = await slots({
      practice_id: practiceId,
      reason_for_visit_id: await reasonId(ctx.db, practiceId, 'Exam'),
      start_date: '2026-03-02',
      end_date: '2026-03-02',
    });
    // Now is 07:00; three hours of lead time leave 10:00 as the first start.
    expect(parseSlots(body)[0]!.DateTimeStart).toBe('2026-03-02 10:00:00');
  });

  it('offers nothing beyond the booking horizon (11 months ahead of the current month)', async () => {
    const { body } = await slots({
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.reasonId('Exam'),
      start_date: '2027-01-15',
      end_date: '2027-03-10',
    });
    const records = parseSlots(body);
    expect(records.length).toBeGreaterThan(0);
    expect(records.at(-1)!.DateTimeStart < '2027-03-01').toBe(true);
  });

  it('does not offer a taken slot after the cache lifetime, nor at once after invalidation', async () => {
    const params = {
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.reasonId('Exam'),
      start_date: '2026-03-03',
      end_date: '2026-03-03',
      pms_prov_num: 1,
    };
    const before = parseSlots((await slots(params)).body);
    expect(before[0]!.DateTimeStart).toBe('2026-03-03 09:00:00');
    await ctx.db.query(
      `insert into appointments (practice_id, pms_prov_num, pms_op_num, starts_at, ends_at, status)
       values ($1, 1, 1, '2026-03-03T14:00:00Z', '2026-03-03T14:30:00Z', 'booked')`,
      [ctx.practiceId],
    );
    expect(parseSlots((await slots(params)).body)).toEqual(before);
    clock.advance(20_001);
    const after = parseSlots((await slots(params)).body);
    expect(after[0]!.DateTimeStart).toBe('2026-03-03 09:30:00');
    clock.set('2026-03-02T12:00:00Z');
  });

  it('stops offering a slot at once after a booking by POST appointment, without waiting for the cache', async () => {
    const params = {
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.reasonId('Exam'),
      start_date: '2026-03-04',
      end_date: '2026-03-04',
      pms_prov_num: 1,
    };
    const before = parseSlots((await slots(params)).body);
    expect(before[0]).toEqual({
      DateTimeStart: '2026-03-04 09:00:00',
      DateTimeEnd: '2026-03-04 09:30:00',
      ProvNum: 1,
      OpNum: 1,
    });
    const booked = await postBooking(
      ctx.app,
      bookingBody({
        practice_id: ctx.practiceId,
        rfv_id: ctx.reasonId('Exam'),
        apt_date: '2026-03-04',
        start_time: '09:00:00',
        end_time: '09:30:00',
      }),
    );
    expect(booked.status).toBe(201);
    // The clock has not moved: only the invalidation can make the cached list forget the slot.
    const after = parseSlots((await slots(params)).body);
    expect(after.some((r) => r.DateTimeStart === '2026-03-04 09:00:00')).toBe(false);
    expect(after).toEqual(before.slice(1));
  });

  it('stops offering a slot at once after a payment hold through POST stripe/create-session', async () => {
    const practiceId = ctx.practiceId;
    const whiteningId = ctx.reasonId('Whitening');
    const params = {
      practice_id: practiceId,
      reason_for_visit_id: whiteningId,
      start_date: '2026-03-05',
      end_date: '2026-03-05',
      pms_prov_num: 1,
    };
    const before = parseSlots((await slots(params)).body);
    expect(before[0]!.DateTimeStart).toBe('2026-03-05 09:00:00');
    const held = await postCheckout(ctx.app, {
      ...bookingBody({
        practice_id: practiceId,
        rfv_id: whiteningId,
        apt_date: '2026-03-05',
        start_time: '09:00:00',
        end_time: '09:30:00',
      }),
      ...CHECKOUT_RETURN_URLS,
    });
    expect(held.status).toBe(201);
    const after = parseSlots((await slots(params)).body);
    expect(after.some((r) => r.DateTimeStart === '2026-03-05 09:00:00')).toBe(false);
    expect(after).toEqual(before.slice(1));
  });

  it('offers a released hold again at once, and stops at once when a late payment takes it back', async () => {
    const practiceId = ctx.practiceId;
    const whiteningId = ctx.reasonId('Whitening');
    const params = {
      practice_id: practiceId,
      reason_for_visit_id: whiteningId,
      start_date: '2026-03-06',
      end_date: '2026-03-06',
      pms_prov_num: 1,
    };
    const isOffered = async () =>
      parseSlots((await slots(params)).body).some((r) => r.DateTimeStart === '2026-03-06 09:00:00');
    const held = await postCheckout(
      ctx.app,
      bookingBody({
        practice_id: practiceId,
        rfv_id: whiteningId,
        apt_date: '2026-03-06',
        start_time: '09:00:00',
        end_time: '09:30:00',
        email: 'late@example.com',
      }),
    );
    expect(held.status).toBe(201);
    const sessionId: string = held.body.result.session_id;
    clock.advance(42 * 60_000);
    expect(await isOffered()).toBe(false);
    await releaseExpiredHolds(ctx.app);
    expect(await isOffered()).toBe(true);
    // The provider's late word that the money came: the slot is still free, so the booking takes it back.
    await ctx.db.query(
      `update local_checkout_sessions set status = 'complete', payment_status = 'paid' where id = $1`,
      [sessionId],
    );
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stripe/check-payment-status?session_id=${sessionId}&practice_id=${practiceId}`,
    });
    expect(status.json()).toMatchObject({ apt_booked: true });
    expect(await isOffered()).toBe(false);
    clock.set('2026-03-02T12:00:00Z');
  });

  it.each([
    [{ start_date: '2026-03-10', end_date: '2026-03-01' }, 400, 'end_date must not be before start_date'],
    [{ start_date: '2026-03-01', end_date: '2026-05-02' }, 400, 'at most 62 days'],
    [{ start_date: '2026-02-30', end_date: '2026-03-02' }, 400, 'start_date must be a real calendar date'],
    [{ start_date: '03/02/2026', end_date: '2026-03-02' }, 400, 'start_date must be a date (YYYY-MM-DD)'],
    [{ start_date: undefined, end_date: '2026-03-02' }, 400, 'start_date is required'],
    [{ reason_for_visit_id: 'nope' }, 400, 'reason_for_visit_id'],
    [{ reason_for_visit_id: '00000000-0000-4000-8000-000000000000' }, 404, 'not offered by this practice'],
    [{ pms_prov_num: 'x' }, 400, 'pms_prov_num must be a whole number'],
    // Exam is offered at clinic 1 only; Long only by provider 2; clinics 1 and 2 are active, 3 is not.
    [{ pms_clinic_num: 2 }, 400, 'not offered at the chosen clinic'],
    [{ reason: 'Long', pms_prov_num: 1 }, 400, 'This provider does not see patients for this reason for visit'],
    [{ pms_clinic_num: 9 }, 404, 'This practice has no clinic number 9'],
    [{ pms_clinic_num: 3 }, 404, 'This practice has no clinic number 3'],
    [{ pms_clinic_num: 'x' }, 400, 'pms_clinic_num must be a whole number'],
  ])('rejects %j with %i', async (override, status, text) => {
    const params: Record<string, string | number> = {
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.reasonId('Exam'),
      start_date: '2026-03-02',
      end_date: '2026-03-06',
    };
    for (const [key, value] of Object.entries(override)) {
      if (key === 'reason') params.reason_for_visit_id = ctx.reasonId(String(value));
      else if (value === undefined) delete params[key];
      else params[key] = value;
    }
    const { status: actual, body } = await slots(params);
    expect(actual).toBe(status);
    expect(body.success).toBe(false);
    expect(body.message).toContain(text);
  });

  it("refuses an inactive reason and another practice's reason with 404", async () => {
    const retired = ctx.reasonId('Retired');
    expect(
      (
        await slots({
          practice_id: ctx.practiceId,
          reason_for_visit_id: retired,
          start_date: '2026-03-02',
          end_date: '2026-03-02',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await slots({
          practice_id: ctx.practiceIds['lead-time']!,
          reason_for_visit_id: ctx.reasonId('Exam'),
          start_date: '2026-03-02',
          end_date: '2026-03-02',
        })
      ).status,
    ).toBe(404);
  });

  it('answers 503 PMS_UNAVAILABLE, never an empty list, when the practice system cannot answer', async () => {
    const practiceId = ctx.practiceIds['on-open-dental']!;
    const { status, body } = await slots({
      practice_id: practiceId,
      reason_for_visit_id: await reasonId(ctx.db, practiceId, 'Exam'),
      start_date: '2026-03-02',
      end_date: '2026-03-02',
    });
    expect(status).toBe(503);
    expect(body).toMatchObject({ success: false, code: 'PMS_UNAVAILABLE' });
    expect(body.message).toContain('practice management connector is not running');
  });
});
