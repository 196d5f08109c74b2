import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { manageApiPath } from '#domain/booking/manage-schemas.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { solveBotChallenge } from '../test/bot-challenge.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../test/test-app.ts';

/**
 * The wire's dates, times and numbers are bounded by the shared primitives (ADR 0041): each value
 * an outside attack found answering 500 now answers a 4xx in the one error shape that names the
 * field. Monday 2 March 2026, 07:00 in New York.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;
let examId: string;
let owner: StaffClient;
let bookingId: string;
let token: string;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
    examId = await reasonId(db, practiceId, 'Exam');
  },
});
beforeAll(async () => {
  owner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: bookingBody({ practice_id: practiceId, rfv_id: examId, apt_date: '2026-03-04' }),
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  });
  expect(response.statusCode, response.body).toBe(201);
  const result = response.json().result as { appointment_id: string; manage_path: string };
  bookingId = result.appointment_id;
  token = result.manage_path.split('/').at(-1)!;
});

/** A 4xx in the one error shape whose `fields` names `field`. */
function expectRefusal(response: LightMyRequestResponse, field: string, what: string) {
  const body = response.json() as { success: boolean; code: string; message: string; fields?: Record<string, string> };
  expect(response.statusCode, `${what} -> ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what} -> ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(body.success).toBe(false);
  expect(['VALIDATION_FAILED', 'BAD_REQUEST'], what).toContain(body.code);
  expect(Object.keys(body.fields ?? {}), `${what} -> ${response.body.slice(0, 300)}`).toContain(field);
  expect(body.message, what).toContain(field);
}

const move = { apt_date: '2026-03-05', start_time: '10:00:00', pms_prov_num: 1 };
const STAFF = '/api/v1/staff';

describe('the patient’s reschedule', () => {
  it.each([
    ['start_time', '09:00:30'],
    ['start_time', '23:59:60'],
    ['start_time', '25:00:00'],
    ['start_time', '99:99'],
    ['start_time', '24:00'],
    ['end_time', '10:30:30'],
    ['apt_date', '0999-12-31'],
    ['apt_date', '0001-01-01'],
    ['apt_date', '9999-12-31'],
    ['pms_prov_num', 2 ** 31],
    ['pms_prov_num', 2 ** 53],
    ['pms_op_num', 2 ** 31],
  ])('refuses %s %s with a 4xx naming the field, and the booking keeps its time', async (field, value) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: manageApiPath(token, 'reschedule'),
      payload: { ...move, [field]: value },
    });
    expectRefusal(response, field, `${field}=${value}`);
    const [row] = await ctx.db.query<{ starts_at: Date }>('select starts_at from appointments where id = $1', [
      bookingId,
    ]);
    expect(row!.starts_at.toISOString()).toBe('2026-03-04T14:00:00.000Z');
  });
});

describe('the staff routes that take a day', () => {
  const probes: [string, string, (date: string) => Promise<LightMyRequestResponse>][] = [
    ['GET /staff/appointments', 'from', (d) => owner.get(`${STAFF}/appointments?from=${d}&to=${d}`)],
    ['GET /staff/audit', 'from', (d) => owner.get(`${STAFF}/audit?from=${d}&to=${d}`)],
    ['GET /staff/audit/export.csv', 'from', (d) => owner.get(`${STAFF}/audit/export.csv?from=${d}&to=${d}`)],
    ['GET /staff/review-requests', 'from', (d) => owner.get(`${STAFF}/review-requests?from=${d}&to=${d}`)],
    [
      'GET /staff/appointments/export.csv',
      'from',
      (d) => owner.get(`${STAFF}/appointments/export.csv?from=${d}&to=${d}`),
    ],
    ['GET /staff/slots', 'date', (d) => owner.get(`${STAFF}/slots?date=${d}&reason_id=${examId}`)],
    [
      'POST /staff/appointments',
      'apt_date',
      (d) =>
        owner.post(`${STAFF}/appointments`, {
          reason_id: examId,
          pms_prov_num: 1,
          apt_date: d,
          start_time: '10:00',
          first_name: 'Rosa',
          last_name: 'Diaz',
          dob: '1970-05-06',
          is_new_patient: false,
          email: 'rosa.diaz@example.com',
          agreed_to_contact: true,
        }),
    ],
    [
      'POST /staff/blocks',
      'date',
      (d) => owner.post(`${STAFF}/blocks`, { date: d, start_time: '10:00', end_time: '11:00' }),
    ],
    [
      'POST /staff/appointments/{id}/reschedule',
      'apt_date',
      (d) => owner.post(`${STAFF}/appointments/${bookingId}/reschedule`, { ...move, apt_date: d }),
    ],
  ];
  for (const date of ['9999-12-31', '0999-12-31']) {
    it.each(probes)(`refuses the year of ${date} on %s with a 4xx naming the field`, async (what, field, call) => {
      expectRefusal(await call(date), field, `${what} ${date}`);
    });
  }

  it.each([
    [
      'GET /staff/appointments',
      () => owner.get(`${STAFF}/appointments?from=2026-03-02&to=2026-03-02&clinic=2147483648`),
    ],
    ['GET /staff/slots', () => owner.get(`${STAFF}/slots?date=2026-03-03&reason_id=${examId}&clinic=2147483648`)],
  ])('refuses clinic=2147483648 on %s with a 4xx naming the field', async (what, call) => {
    expectRefusal(await call(), 'clinic', what);
  });

  it('refuses pms_prov_num=2147483648 on GET /staff/slots with a 4xx naming the field', async () => {
    const response = await owner.get(`${STAFF}/slots?date=2026-03-03&reason_id=${examId}&pms_prov_num=2147483648`);
    expectRefusal(response, 'pms_prov_num', 'slots pms_prov_num');
  });

  it('still answers the largest valid values (int32 max, the last day of 2199) without a 5xx', async () => {
    const schedule = await owner.get(`${STAFF}/appointments?from=2199-12-31&to=2199-12-31&clinic=2147483647`);
    expect(schedule.statusCode, schedule.body).toBe(200);
    const audit = await owner.get(`${STAFF}/audit?from=1900-01-01&to=1900-01-01`);
    expect(audit.statusCode, audit.body).toBe(200);
  });
});
