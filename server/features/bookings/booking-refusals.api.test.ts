import { describe, expect, it } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { fixedClock } from '../../test/test-app.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { postBooking } from '../../test/booking-requests.ts';
import { withPracticeApp } from '../../test/practice-app.ts';
import { reasonId } from '../../test/practice-factory.ts';

// "Bad input and business rules" (ADR 0025): every refusal of a date, a time or a reason's
// patient type is a 4xx that says what happened. Monday 2 March 2026, 12:00 in New York.
const clock = fixedClock('2026-03-02T17:00:00Z');

const ctx = withPracticeApp({
  clock,
  practices: [
    {
      min_hours_before_booking: 3,
      closures: [{ date: '2026-03-04', name: 'Training day' }],
      reasons: [
        { name: 'Exam', final_duration: 30, to_show_providers: true },
        { name: 'Cleaning', final_duration: 30, to_show_providers: true, providers: [2] },
        { name: 'New smile', final_duration: 30, for_returning_patients: false },
        { name: 'Recall', final_duration: 30, for_new_patients: false },
      ],
    },
    {
      form_url: 'night-owls',
      schedules: [{ pms_prov_num: 1, pms_op_num: 1, weekdays: [0], start: '00:00', end: '06:00', breaks: [] }],
    },
  ],
});

const body = (overrides: Partial<BookingBodyInput> = {}) =>
  bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam'), ...overrides });

async function book(payload: unknown) {
  return postBooking(ctx.app, payload);
}

const count = async () =>
  Number((await ctx.db.query<{ n: number }>('select count(*)::int as n from appointments'))[0]!.n);

describe('impossible and extreme dates and times on POST appointment', () => {
  it.each<[string, Partial<BookingBodyInput>, string]>([
    ['the 30th of February', { apt_date: '2026-02-30' }, 'apt_date'],
    ['year 9999', { apt_date: '9999-03-03' }, 'apt_date'],
    ['year 0001', { apt_date: '0001-03-03' }, 'apt_date'],
    ['month 13', { apt_date: '2026-13-01' }, 'apt_date'],
    ['a date far in the future', { apt_date: '2031-03-03' }, 'apt_date'],
    ['hour 24', { start_time: '24:00:00' }, 'start_time'],
    ['seconds off the minute', { start_time: '09:00:30' }, 'start_time'],
    ['an end time that is not a time', { end_time: '9am' }, 'end_time'],
  ])('answers %s with 422 VALIDATION_FAILED naming the field', async (_name, overrides, field) => {
    const before = await count();
    const { status, body: res } = await book(
      body({ apt_date: '2026-03-03', start_time: '10:00:00', end_time: '10:30:00', ...overrides }),
    );
    expect(status).toBe(422);
    expect(res).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.fields)).toContain(field);
    expect(await count()).toBe(before);
  });
});

describe('GET appointment/slots ranges', () => {
  const slots = (start: string, end: string) =>
    ctx.app.inject({
      method: 'GET',
      url:
        `/api/v1/appointment/slots?practice_id=${ctx.practiceId}&reason_for_visit_id=${ctx.reasonId('Exam')}` +
        `&start_date=${start}&end_date=${end}`,
    });

  it.each([
    ['a far-future range', '9999-01-01', '9999-01-31', 'start_date'],
    ['a range far in the past', '0001-01-01', '0001-01-31', 'start_date'],
    ['a range ending far in the future', '2026-03-02', '2031-03-02', 'end_date'],
    ['an inverted range', '2026-03-10', '2026-03-02', 'end_date'],
    ['the 30th of February', '2026-02-30', '2026-03-02', 'start_date'],
  ])('answers %s with 400 naming the field (query errors are 400s)', async (_name, start, end, field) => {
    const response = await slots(start, end);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it('still answers a range that reaches past the booking horizon (the calendar asks for whole months)', async () => {
    const response = await slots('2027-02-01', '2027-03-31');
    expect(response.statusCode).toBe(200);
  });
});

describe('a refusal says what happened', () => {
  it.each<[string, Partial<BookingBodyInput>]>([
    ['a time in the past', { apt_date: '2026-03-02', start_time: '09:00:00', end_time: '09:30:00' }],
    ['a time inside the lead time', { apt_date: '2026-03-02', start_time: '14:00:00', end_time: '14:30:00' }],
    ['a time outside opening hours', { apt_date: '2026-03-03', start_time: '18:00:00', end_time: '18:30:00' }],
    ['a time in the lunch break', { apt_date: '2026-03-03', start_time: '12:00:00', end_time: '12:30:00' }],
    ['a closure day', { apt_date: '2026-03-04', start_time: '10:00:00', end_time: '10:30:00' }],
    ['a day past the booking horizon', { apt_date: '2027-03-01', start_time: '10:00:00', end_time: '10:30:00' }],
    [
      'a provider not offered for the reason',
      { rfv_id: 'Cleaning', pms_prov_num: 1, apt_date: '2026-03-03', start_time: '10:00:00', end_time: '10:30:00' },
    ],
    [
      'a wall time skipped by the DST change',
      {
        practice_id: 'night-owls',
        rfv_id: 'Exam',
        apt_date: '2026-03-08',
        start_time: '02:30:00',
        end_time: '03:00:00',
      },
    ],
  ])('answers %s with 422 SLOT_UNAVAILABLE', async (_name, overrides) => {
    // Names in the table, ids in the request: the reason is the named practice's own.
    const practiceId = ctx.practiceIds[overrides.practice_id ?? 'test-practice']!;
    const resolved = {
      ...overrides,
      practice_id: practiceId,
      ...(overrides.rfv_id ? { rfv_id: await reasonId(ctx.db, practiceId, overrides.rfv_id) } : {}),
    };
    const before = await count();
    const { status, body: res } = await book(body(resolved));
    expect(status).toBe(422);
    expect(res).toMatchObject({
      success: false,
      code: 'SLOT_UNAVAILABLE',
      message: 'This time is no longer available to book. Please choose another time.',
    });
    expect(await count()).toBe(before);
  });

  it('keeps 409 SLOT_TAKEN for a slot somebody else booked', async () => {
    const slot = { apt_date: '2026-03-05', start_time: '10:00:00', end_time: '10:30:00' };
    expect((await book(body(slot))).status).toBe(201);
    const { status, body: res } = await book(body({ ...slot, first_name: 'Ben', email: 'ben@example.com' }));
    expect(status).toBe(409);
    expect(res).toMatchObject({ success: false, code: 'SLOT_TAKEN' });
  });

  it('books the later occurrence of nothing: an ordinary night slot of the DST practice still books', async () => {
    const { status } = await book(
      body({
        practice_id: ctx.practiceIds['night-owls']!,
        rfv_id: await reasonId(ctx.db, ctx.practiceIds['night-owls']!, 'Exam'),
        apt_date: '2026-03-08',
        start_time: '03:00:00',
        end_time: '03:30:00',
      }),
    );
    expect(status).toBe(201);
  });
});

describe("the reason's patient type holds without the client's help", () => {
  const newOnly = (overrides: Partial<BookingBodyInput> = {}) =>
    body({
      rfv_id: ctx.reasonId('New smile'),
      apt_date: '2026-03-06',
      start_time: '10:00:00',
      end_time: '10:30:00',
      ...overrides,
    });

  it('refuses a returning patient, said in the body, for a new-patients-only reason', async () => {
    const { status, body: res } = await book(newOnly({ patient_status: 'Returning Patient', first_name: 'Cara' }));
    expect(status).toBe(422);
    expect(res).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This reason for visit is for new patients only. Please choose another reason.',
    });
    expect(res.fields).toHaveProperty('patient_status');
  });

  it('refuses a booking without patient_status when the practice already knows the patient', async () => {
    // Dana becomes a known patient of the practice with her first booking.
    expect(
      (
        await book(
          body({
            first_name: 'Dana',
            email: 'dana@example.com',
            apt_date: '2026-03-06',
            start_time: '11:00:00',
            end_time: '11:30:00',
          }),
        )
      ).status,
    ).toBe(201);
    const { patient_status: _omitted, ...withoutStatus } = newOnly({ first_name: 'Dana', email: 'dana@example.com' });
    const { status, body: res } = await book(withoutStatus);
    expect(status).toBe(422);
    expect(res).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This reason for visit is for new patients only. Please choose another reason.',
    });
  });

  it('books a new-patients-only reason without patient_status for someone unknown, as a new patient', async () => {
    const { patient_status: _omitted, ...withoutStatus } = newOnly({
      first_name: 'Eve',
      email: 'eve@example.com',
      start_time: '14:00:00',
      end_time: '14:30:00',
    });
    const { status, body: res } = await book(withoutStatus);
    expect(status).toBe(201);
    const [row] = await ctx.db.query<{ patient_status: string }>(
      'select patient_status from appointments where id = $1',
      [res.result.appointment_id],
    );
    expect(row!.patient_status).toBe('New Patient');
  });

  it('refuses a returning-patients-only reason without patient_status for someone the practice lacks', async () => {
    const { patient_status: _omitted, ...withoutStatus } = body({
      rfv_id: ctx.reasonId('Recall'),
      first_name: 'Finn',
      email: 'finn@example.com',
      apt_date: '2026-03-06',
      start_time: '15:00:00',
      end_time: '15:30:00',
    });
    const { status, body: res } = await book(withoutStatus);
    expect(status).toBe(422);
    expect(res).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This reason for visit is for returning patients only. Please choose another reason.',
    });
  });
});
