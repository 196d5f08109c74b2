import { describe, expect, it } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { createTestApp, fixedClock } from '../../test/test-app.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { getSlots, postBooking } from '../../test/booking-requests.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { withPracticeApp } from '../../test/practice-app.ts';
import { reasonId } from '../../test/practice-factory.ts';

// Monday 2 March 2026, 07:00 in New York.
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withPracticeApp({
  clock,
  practices: [
    {
      to_show_insurances: true,
      optional_insurance_fields: ['groupNumber'],
      insurances: [{ insuranceName: 'Delta Dental', inNetwork: true }],
      accept_other_insurance: true,
      reasons: [
        { name: 'Exam', final_duration: 30, to_show_providers: true },
        { name: 'Recall', final_duration: 30, for_new_patients: false },
      ],
    },
    { form_url: 'closed', is_accepting_patients: false },
    { form_url: 'on-open-dental', pms: { type: 'opendental', customer_key: 'abc' } },
  ],
});

const body = (overrides: Partial<BookingBodyInput> = {}) =>
  bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam'), ...overrides });

const book = (payload: unknown, headers: Record<string, string> = {}) => postBooking(ctx.app, payload, headers);

const countAppointments = async () =>
  Number((await ctx.db.query<{ n: number }>('select count(*)::int as n from appointments'))[0]!.n);

describe('POST /api/v1/appointment', () => {
  it('books an offered slot and stores everything the practice needs', async () => {
    const { status, body: res } = await book(body(), { 'x-forwarded-for': '203.0.113.9' });
    expect(status).toBe(201);
    expect(res).toMatchObject({
      success: true,
      result: {
        status: 'booked',
        apt_date: '2026-03-03',
        start_time: '09:00:00',
        end_time: '09:30:00',
        pms_prov_num: 1,
        pms_op_num: 1,
      },
    });
    const [row] = await ctx.db.query<Record<string, unknown>>(
      `select a.*, p.first_name as patient_first from appointments a join patients p on p.id = a.patient_id
         where a.id = $1`,
      [res.result.appointment_id],
    );
    expect(row).toMatchObject({
      status: 'booked',
      patient_first: 'Ana',
      email: 'ana.lopez@example.com',
      is_concented: true,
      // Without TRUST_PROXY the forwarded header is ignored: the address is the connection's.
      client_ip: '127.0.0.1',
      referrer_id: 'ref-7',
      fingerprint: 'fp-123',
      has_insurance: false,
      source_meta: { source: 'google', gclid: 'g-1', fbclid: null },
      utm_details: { utm_source: 'newsletter' },
      message: 'First visit | Reason: Exam | No Insurance | Booked online via Chairtime',
    });
    expect((row!.starts_at as Date).toISOString()).toBe('2026-03-03T14:00:00.000Z');
    expect((row!.ends_at as Date).toISOString()).toBe('2026-03-03T14:30:00.000Z');
    expect(row!.consented_at).toBeInstanceOf(Date);
  });

  it('refuses a slot already booked with 409 SLOT_TAKEN and no longer offers it', async () => {
    // A day no other test books on, so that the slot taken is this test's own.
    const slot = { apt_date: '2026-03-04', start_time: '09:00:00', end_time: '09:30:00', pms_prov_num: 1 };
    expect((await book(body({ ...slot, email: 'first.taker@example.com' }))).status).toBe(201);
    const { status, body: res } = await book(body({ ...slot, first_name: 'Ben', email: 'ben@example.com' }));
    expect(status).toBe(409);
    expect(res).toMatchObject({ success: false, code: 'SLOT_TAKEN' });
    const slots = await getSlots(ctx.app, {
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.reasonId('Exam'),
      start_date: slot.apt_date,
      end_date: slot.apt_date,
      pms_prov_num: 1,
    });
    expect(slots.body.result[0].DateTimeStart).toBe('2026-03-04 09:30:00');
  });

  it('refuses a time not offered (break, out of hours, past day, off interval) with 422 SLOT_UNAVAILABLE', async () => {
    for (const [apt_date, start_time] of [
      ['2026-03-03', '12:00:00'],
      ['2026-03-03', '18:00:00'],
      ['2026-03-01', '10:00:00'],
      ['2026-03-03', '15:10:00'],
    ] as const) {
      const { status, body: res } = await book(
        body({ apt_date, start_time, end_time: '23:00:00', email: 'x@example.com' }),
      );
      expect(status, `${apt_date} ${start_time}`).toBe(422);
      expect(res.code).toBe('SLOT_UNAVAILABLE');
    }
  });

  it('gives earliest available (provider 0) the provider the engine chooses', async () => {
    const { status, body: res } = await book(
      body({ pms_prov_num: 0, pms_op_num: 0, start_time: '10:00:00', end_time: '10:30:00', email: 'c@example.com' }),
    );
    expect(status).toBe(201);
    expect([1, 2]).toContain(res.result.pms_prov_num);
  });

  it('links a returning booking to the same patient, whatever the case of the names', async () => {
    const first = await book(
      body({ start_time: '10:30:00', end_time: '11:00:00', first_name: 'Dora', last_name: 'Quinn', dob: '1980-01-01' }),
    );
    const second = await book(
      body({ start_time: '11:00:00', end_time: '11:30:00', first_name: 'DORA', last_name: 'quinn', dob: '1980-01-01' }),
    );
    expect([first.status, second.status]).toEqual([201, 201]);
    const rows = await ctx.db.query<{ patient_id: string }>('select patient_id from appointments where id = any($1)', [
      [first.body.result.appointment_id, second.body.result.appointment_id],
    ]);
    expect(new Set(rows.map((r) => r.patient_id)).size).toBe(1);
  });

  it('stores companion and insurance details and composes the message from them', async () => {
    const { status, body: res } = await book(
      body({
        start_time: '13:00:00',
        end_time: '13:30:00',
        is_patient: false,
        booker_first_name: 'Maria',
        booker_last_name: 'Lopez',
        booker_dob: '1965-07-30',
        has_insurance: true,
        insurance_details: {
          insurance: 'Other',
          insurance_provider: 'Acme Dental',
          subscribers_full_name: 'Maria Lopez',
          subscribers_dob: '1965-07-30',
          subscriber_id: 'AB-123',
          group_number: 'G-9',
          subscribers_phone: '+15125550000',
          haveDentalInsurance: 'Yes',
        },
      }),
    );
    expect(status).toBe(201);
    const [row] = await ctx.db.query<Record<string, unknown>>('select * from appointments where id = $1', [
      res.result.appointment_id,
    ]);
    expect(row).toMatchObject({
      is_patient: false,
      booker_first_name: 'Maria',
      booker_dob: '1965-07-30',
      has_insurance: true,
    });
    // Subscriber phone is not one of this practice's optional fields, so it is not kept.
    expect(row!.insurance_details).toMatchObject({
      insurance: 'Other',
      insurance_provider: 'Acme Dental',
      group_number: 'G-9',
      subscribers_phone: null,
    });
    expect(row!.message).toBe(
      'First visit | Reason: Exam | Booked by: Maria Lopez (DOB 1965-07-30) | Insurance: Other: Acme ' +
        'Dental, subscriber Maria Lopez (DOB 1965-07-30), ID AB-123, Group G-9 | Booked online via ' +
        'Chairtime',
    );
  });
});

describe('validation', () => {
  const insurance = {
    insurance: 'Delta Dental',
    subscribers_full_name: 'Ana Lopez',
    subscribers_dob: '1990-04-12',
    subscriber_id: 'X1',
    group_number: 'G1',
  };
  it.each<[string, Partial<BookingBodyInput>, string]>([
    ['first name with digits', { first_name: 'Ana2' }, 'first_name'],
    ['empty last name', { last_name: '  ' }, 'last_name'],
    ['bad email', { email: 'ana@' }, 'email'],
    ['phone with letters', { wireless_phone: '512-555-CALL' }, 'wireless_phone'],
    ['phone too long', { wireless_phone: '+123456789012345678901' }, 'wireless_phone'],
    ['impossible birth date', { dob: '1990-02-30' }, 'dob'],
    ['birth date today', { dob: '2026-03-02' }, 'dob'],
    ['birth date in the future', { dob: '2030-01-01' }, 'dob'],
    ['no consent', { is_concented: false as unknown as true }, 'is_concented'],
    ['companion without names', { is_patient: false, booker_dob: '1960-01-01' }, 'booker_first_name'],
    [
      'companion with bad birth date',
      { is_patient: false, booker_first_name: 'Maria', booker_last_name: 'Lopez', booker_dob: '13/01/2000' },
      'booker_dob',
    ],
    [
      'companion without a last name',
      { is_patient: false, booker_first_name: 'Maria', booker_dob: '1960-01-01' },
      'booker_last_name',
    ],
    ['no insurance answer', { has_insurance: undefined as unknown as boolean }, 'has_insurance'],
    ['insurance without details', { has_insurance: true }, 'insurance_details'],
    [
      'insurance without a choice',
      { has_insurance: true, insurance_details: { ...insurance, insurance: '' } },
      'insurance_details.insurance',
    ],
    [
      'an insurance not on the practice list',
      { has_insurance: true, insurance_details: { ...insurance, insurance: 'Acme Dental\nPatient: Mallory' } },
      'insurance_details.insurance',
    ],
    [
      'subscriber name with digits',
      { has_insurance: true, insurance_details: { ...insurance, subscribers_full_name: 'Ana 2' } },
      'insurance_details.subscribers_full_name',
    ],
    // ADR 0030: company and plan names keep their digits, '&' and '.'; other symbols are refused.
    [
      'Other insurance provider name with symbols',
      {
        has_insurance: true,
        insurance_details: { ...insurance, insurance: 'Other', insurance_provider: 'Acme <Plan> #1' },
      },
      'insurance_details.insurance_provider',
    ],
    [
      'insurance without subscriber id',
      { has_insurance: true, insurance_details: { ...insurance, subscriber_id: '' } },
      'insurance_details.subscriber_id',
    ],
    [
      'insurance without the listed group number',
      { has_insurance: true, insurance_details: { ...insurance, group_number: undefined } },
      'insurance_details.group_number',
    ],
    [
      'Other insurance without a provider name',
      { has_insurance: true, insurance_details: { ...insurance, insurance: 'Other' } },
      'insurance_details.insurance_provider',
    ],
    [
      'subscriber birth date not real',
      { has_insurance: true, insurance_details: { ...insurance, subscribers_dob: '2024-02-30' } },
      'insurance_details.subscribers_dob',
    ],
    ['date without time', { start_time: null }, 'apt_date'],
    ['bad time format', { start_time: '9am' }, 'start_time'],
    ['reason id not a uuid', { rfv_id: 'exam' }, 'rfv_id'],
    ['returning-only reason for a new patient', { rfv_id: 'recall' }, 'patient_status'],
  ])('refuses %s with 422 naming the field', async (_name, override, field) => {
    const payload = { ...body({ email: 'v@example.com' }), ...override };
    if (override.rfv_id === 'recall') payload.rfv_id = ctx.reasonId('Recall');
    const before = await countAppointments();
    const { status, body: res } = await book(payload);
    expect(status).toBe(422);
    expect(res).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.fields)).toContain(field);
    expect(res.message.length).toBeGreaterThan(10);
    expect(await countAppointments()).toBe(before);
  });

  it('answers a body that is not JSON with 400 and an unknown practice with 404', async () => {
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointment',
      payload: '{"practice_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect((await book({ ...body(), practice_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('refuses a practice that is not accepting patients', async () => {
    const { status, body: res } = await book({
      ...body(),
      practice_id: ctx.practiceIds.closed,
      rfv_id: await reasonId(ctx.db, ctx.practiceIds.closed!, 'Exam'),
    });
    expect(status).toBe(403);
    expect(res.message).toBe('This practice is currently not accepting any appointments.');
  });
});

describe('idempotency', () => {
  it('returns the first answer to a retry with the same key and books once', async () => {
    const payload = body({ start_time: '14:00:00', end_time: '14:30:00', email: 'retry@example.com' });
    const first = await book(payload, { 'idempotency-key': 'retry-key-0001' });
    const before = await countAppointments();
    const again = await book(payload, { 'idempotency-key': 'retry-key-0001' });
    expect(first.status).toBe(201);
    // The same answer, with a manage link of its own: the first one's token was never stored.
    const withoutLink = (answer: typeof first) => ({
      ...answer,
      body: { ...answer.body, result: { ...answer.body.result, manage_path: undefined } },
    });
    expect(withoutLink(again)).toEqual(withoutLink(first));
    expect(again.body.result.manage_path).toMatch(/^\/[a-z0-9-]+\/appointment\/[A-Za-z0-9_-]{32}$/);
    expect(again.body.result.manage_path).not.toBe(first.body.result.manage_path);
    expect(await countAppointments()).toBe(before);
  });

  it('refuses the same key with a different body with 422', async () => {
    await book(body({ start_time: '14:30:00', end_time: '15:00:00', email: 'k@example.com' }), {
      'idempotency-key': 'retry-key-0002',
    });
    const other = await book(body({ start_time: '15:00:00', end_time: '15:30:00', email: 'k@example.com' }), {
      'idempotency-key': 'retry-key-0002',
    });
    expect(other.status).toBe(422);
  });
});

describe('bots', () => {
  it('creates nothing for a filled honeypot and answers a generic 400', async () => {
    const before = await countAppointments();
    const { status, body: res } = await book({
      ...body({ start_time: '15:30:00', end_time: '16:00:00' }),
      hp: 'http://spam.example',
    });
    expect(status).toBe(400);
    expect(res.message).toBe('The request could not be processed.');
    expect(await countAppointments()).toBe(before);
  });

  it.each([
    ['missing', undefined],
    ['not base64 JSON', 'not-a-solution'],
    ['with a wrong number', 'wrong'],
  ])('refuses a %s challenge with 403 CAPTCHA_FAILED', async (_name, kind) => {
    let header: string | undefined = kind;
    if (kind === 'wrong') {
      const solved = JSON.parse(Buffer.from(await solveBotChallenge(ctx.app), 'base64').toString());
      header = Buffer.from(JSON.stringify({ ...solved, number: solved.number + 1 })).toString('base64');
    }
    const headers: Record<string, string> =
      header === undefined ? { 'x-bot-challenge': '' } : { 'x-bot-challenge': header };
    const { status, body: res } = await book(body({ start_time: '16:00:00', end_time: '16:30:00' }), headers);
    expect(status).toBe(403);
    expect(res.code).toBe('CAPTCHA_FAILED');
  });

  it('refuses a replayed challenge and an expired one', async () => {
    const challenge = await solveBotChallenge(ctx.app);
    expect(
      (
        await book(body({ start_time: '16:00:00', end_time: '16:30:00', email: 'r1@example.com' }), {
          'x-bot-challenge': challenge,
        })
      ).status,
    ).toBe(201);
    const replayed = await book(body({ start_time: '16:30:00', end_time: '17:00:00', email: 'r2@example.com' }), {
      'x-bot-challenge': challenge,
    });
    expect(replayed).toMatchObject({ status: 403, body: { code: 'CAPTCHA_FAILED' } });
    const stale = await solveBotChallenge(ctx.app);
    clock.advance(11 * 60_000);
    const expired = await book(body({ start_time: '16:30:00', end_time: '17:00:00', email: 'r2@example.com' }), {
      'x-bot-challenge': stale,
    });
    clock.set('2026-03-02T12:00:00Z');
    expect(expired).toMatchObject({ status: 403, body: { code: 'CAPTCHA_FAILED' } });
  });
});

describe('without a slot', () => {
  it('refuses a booking without a slot while the schedule can answer', async () => {
    const { status } = await book(body({ apt_date: null, start_time: null, end_time: null }));
    expect(status).toBe(422);
  });

  it("accepts an appointment request when the practice's system is unavailable", async () => {
    const practiceId = ctx.practiceIds['on-open-dental']!;
    const { status, body: res } = await book({
      ...body({ apt_date: null, start_time: null, end_time: null, pms_prov_num: 0, pms_op_num: 0 }),
      practice_id: practiceId,
      rfv_id: await reasonId(ctx.db, practiceId, 'Exam'),
    });
    expect(status).toBe(201);
    expect(res.result).toMatchObject({ status: 'requested', apt_date: null });
  });
});

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED with a retry hint once an address has booked too often', async () => {
    const limited = await createTestApp(ctx.db, { clock, config: { rateLimitMultiplier: 0.1 } });
    const statuses: number[] = [];
    let last: { message?: string; code?: string } = {};
    for (let i = 0; i < 3; i++) {
      // An address of its own: counters live in the database, shared with this file's other app.
      const response = await limited.inject({
        method: 'POST',
        url: '/api/v1/appointment',
        remoteAddress: '192.0.2.31',
        payload: { practice_id: 'x' },
      });
      statuses.push(response.statusCode);
      last = response.json();
    }
    await limited.close();
    expect(statuses).toEqual([422, 422, 429]);
    expect(last.code).toBe('RATE_LIMITED');
    expect(last.message).toMatch(/try again in \d+ seconds/);
  });
});
