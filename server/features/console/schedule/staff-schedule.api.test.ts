import { describe, expect, it } from 'vitest';
import { historyWords } from '#domain/staff/booking-history-words.ts';
import {
  StaffAppointmentDetailSchema,
  StaffScheduleSchema,
  StaffSlotsSchema,
  type ScheduleBlock,
  type StaffSchedule,
} from '#domain/staff/staff-appointment-schemas.ts';
import { StaffSearchResultSchema } from '#domain/staff/staff-inbox-schemas.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import { addStaff, signIn } from '../../../test/staff-factory.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { withPracticesApp, withSignedInStaff } from '../../../test/staff-test-app.ts';
import { bookVisit } from '../../../test/booking-requests.ts';
import { forceStatusForTest } from '../../../test/status-fixture.ts';

// The console's schedule (ADR 0038): the practice's bookings of a date range in its own time zone,
// with what the day view shades. Monday 2 March 2026, 07:00 in New York.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticesApp(
  [
    practiceConfig({
      // Patients book a day ahead at the soonest; staff are not held to it.
      min_hours_before_booking: 24,
      closures: [{ date: '2026-03-06', name: 'Staff training' }],
      time_off: [{ pms_prov_num: 2, start: '2026-03-05T13:00', end: '2026-03-05T17:00' }],
    }),
  ],
  { clock },
);
const desk = withSignedInStaff(ctx);

const book = (overrides: Record<string, unknown>) =>
  bookVisit(ctx.app, { practiceId: ctx.practiceId, reasonId: ctx.examId, ...overrides });

async function schedule(query: string): Promise<StaffSchedule> {
  const response = await desk.get(`/api/v1/staff/appointments?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return StaffScheduleSchema.parse(response.json().result);
}

const auditRows = async () =>
  (
    await ctx.db.query<{ n: number }>('select count(*)::int as n from staff_audit where practice_id = $1', [
      ctx.practiceId,
    ])
  )[0]!.n;

describe('the schedule', () => {
  it('lists the range in the practice’s wall time, ended bookings included, lapsed payment holds not', async () => {
    const kept = await book({
      apt_date: '2026-03-04',
      start_time: '09:00:00',
      end_time: '09:30:00',
      first_name: 'Kim',
      last_name: 'Park',
    });
    const cancelled = await book({
      apt_date: '2026-03-04',
      start_time: '10:00:00',
      end_time: '10:30:00',
      email: 'c@example.com',
    });
    const lapsed = await book({
      apt_date: '2026-03-04',
      start_time: '11:00:00',
      end_time: '11:30:00',
      email: 'l@example.com',
    });
    const later = await book({
      apt_date: '2026-03-10',
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'x@example.com',
    });
    await ctx.app.bookingLifecycle.changeStatus(cancelled, 'cancelled', { actor: 'patient' });
    // A hold that ran out was never an appointment (the test stands in for the payment sweep).
    await forceStatusForTest(ctx.db, lapsed, 'expired');
    const before = await auditRows();

    const week = await schedule('from=2026-03-02&to=2026-03-08');
    expect(week).toMatchObject({
      from: '2026-03-02',
      to: '2026-03-08',
      time_zone: 'America/New_York',
      columns: 'provider',
      clinics: [],
    });
    expect(week.providers).toEqual([
      { pms_prov_num: 1, name: 'Dr. One', pms_clinic_nums: [] },
      { pms_prov_num: 2, name: 'Dr. Two', pms_clinic_nums: [] },
    ]);
    expect(week.chairs.map((chair) => chair.name)).toEqual(['Chair 1', 'Chair 2']);
    expect(week.appointments.map((a) => a.id)).toEqual([kept, cancelled]);
    expect(week.appointments.map((a) => a.id)).not.toContain(later);
    expect(week.appointments[0]).toMatchObject({
      status: 'booked',
      rescheduled: false,
      payment: 'not_required',
      pms_write: null,
      starts_at: '2026-03-04T14:00:00.000Z',
      apt_date: '2026-03-04',
      start_time: '09:00:00',
      end_time: '09:30:00',
      pms_prov_num: 1,
      reason: { id: ctx.examId, name: 'Exam' },
      patient: { first_name: 'Kim', last_name: 'Park', is_new: true },
      booked_by_staff: false,
    });
    expect(week.appointments[1]!.status).toBe('cancelled');
    // One clinic's day holds only its bookings (these have none).
    expect((await schedule('from=2026-03-02&to=2026-03-08&clinic=5')).appointments).toEqual([]);
    // A list refresh is no audit row (opening a booking is).
    expect(await auditRows()).toBe(before);
  });

  it('gives the opening hours of each day and shades breaks, closures and time off', async () => {
    const week = await schedule('from=2026-03-05&to=2026-03-07');
    expect(week.hours).toEqual([
      { date: '2026-03-05', opens: '09:00', closes: '17:00' },
      { date: '2026-03-06', opens: null, closes: null },
      { date: '2026-03-07', opens: null, closes: null },
    ]);
    expect(week.blocks).toEqual(
      expect.arrayContaining([
        {
          id: null,
          kind: 'break',
          starts_at: '2026-03-05T17:00:00.000Z',
          ends_at: '2026-03-05T18:00:00.000Z',
          pms_prov_num: 1,
          pms_op_num: 1,
          pms_clinic_num: null,
          label: null,
        },
        {
          id: null,
          kind: 'time_off',
          starts_at: '2026-03-05T18:00:00.000Z',
          ends_at: '2026-03-05T22:00:00.000Z',
          pms_prov_num: 2,
          pms_op_num: null,
          pms_clinic_num: null,
          label: null,
        },
        {
          id: null,
          kind: 'closure',
          starts_at: '2026-03-06T05:00:00.000Z',
          ends_at: '2026-03-07T05:00:00.000Z',
          pms_prov_num: null,
          pms_op_num: null,
          pms_clinic_num: null,
          label: 'Staff training',
        },
      ]),
    );
    // Two breaks on the Thursday, none on the closed Friday or the Saturday nobody works.
    expect(week.blocks.filter((block) => block.kind === 'break')).toHaveLength(2);
    expect(week.blocks).toHaveLength(4);
  });

  it('refuses a range longer than 31 days, a backwards one and a malformed date with a 400', async () => {
    expect((await desk.get('/api/v1/staff/appointments?from=2026-03-01&to=2026-03-31')).statusCode).toBe(200);
    for (const query of [
      'from=2026-03-01&to=2026-04-01',
      'from=2026-03-05&to=2026-03-04',
      'from=2026-03-01',
      'from=tomorrow&to=2026-03-04',
    ]) {
      const response = await desk.get(`/api/v1/staff/appointments?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('answers 401 without a session', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/appointments?from=2026-03-02&to=2026-03-02' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/staff/slots?date=2026-03-02&reason_id=${ctx.examId}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('free times for staff', () => {
  it('offers today’s times inside the patients’ notice, but none in the past', async () => {
    const response = await desk.get(`/api/v1/staff/slots?date=2026-03-02&reason_id=${ctx.examId}&pms_prov_num=1`);
    expect(response.statusCode, response.body).toBe(200);
    const slots = StaffSlotsSchema.parse(response.json().result);
    expect(slots[0]).toEqual({
      DateTimeStart: '2026-03-02 09:00:00',
      DateTimeEnd: '2026-03-02 09:30:00',
      ProvNum: 1,
      OpNum: 1,
    });
    // Patients see nothing that day (24 hours' notice).
    const patients = await ctx.app.inject({
      method: 'GET',
      url:
        `/api/v1/appointment/slots?practice_id=${ctx.practiceId}&reason_for_visit_id=${ctx.examId}` +
        `&start_date=2026-03-02&end_date=2026-03-02`,
    });
    expect(patients.json().result).toEqual([]);

    clock.set('2026-03-02T15:10:00Z'); // 10:10 in New York (a session of its own: the first one would be idle by now)
    try {
      const laterDesk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [ctx.practiceId] }));
      const later = StaffSlotsSchema.parse(
        (await laterDesk.get(`/api/v1/staff/slots?date=2026-03-02&reason_id=${ctx.examId}&pms_prov_num=1`)).json()
          .result,
      );
      expect(later[0]!.DateTimeStart).toBe('2026-03-02 10:30:00');
    } finally {
      clock.set('2026-03-02T12:00:00Z');
    }
  });

  it('leaves out a booked time, unless it is the booking being moved', async () => {
    const id = await book({
      apt_date: '2026-03-09',
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'moving@example.com',
    });
    const starts = async (extra = '') =>
      StaffSlotsSchema.parse(
        (await desk.get(`/api/v1/staff/slots?date=2026-03-09&reason_id=${ctx.examId}&pms_prov_num=1${extra}`)).json()
          .result,
      ).map((s) => s.DateTimeStart);
    expect(await starts()).not.toContain('2026-03-09 09:00:00');
    expect(await starts(`&appointment_id=${id}`)).toContain('2026-03-09 09:00:00');
  });

  it('refuses a malformed query with a 400 and an unknown reason with a 404', async () => {
    expect((await desk.get(`/api/v1/staff/slots?date=2026-03-02`)).statusCode).toBe(400);
    expect((await desk.get(`/api/v1/staff/slots?date=2026-03-02&reason_id=nope`)).statusCode).toBe(400);
    expect((await desk.get(`/api/v1/staff/slots?date=2026-03-02&reason_id=${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
  });
});

// What the console itself made shows on the schedule: a phone booking is marked as booked by staff
// (in the list and in search), and blocked time is shaded with its id and label. Days no test above uses.
describe('a phone booking', () => {
  it('is booked_by_staff in schedule and search, an online one is not; its history says who booked it', async () => {
    const online = await book({ apt_date: '2026-03-11', start_time: '09:00:00', end_time: '09:30:00' });
    const response = await desk.post('/api/v1/staff/appointments', {
      reason_id: ctx.examId,
      pms_prov_num: 1,
      apt_date: '2026-03-11',
      start_time: '10:00',
      first_name: 'Rosa',
      last_name: 'Quintero',
      dob: '1970-05-06',
      is_new_patient: false,
      email: 'rosa.quintero@example.com',
      wireless_phone: '',
      language: 'en',
      agreed_to_contact: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const phoned: string = response.json().result.id;

    const byStaff = (appointments: { id: string; booked_by_staff: boolean }[]) =>
      Object.fromEntries(appointments.map((a) => [a.id, a.booked_by_staff]));
    expect(byStaff((await schedule('from=2026-03-11&to=2026-03-11')).appointments)).toEqual({
      [online]: false,
      [phoned]: true,
    });
    const search = await desk.get('/api/v1/staff/search?q=Quintero');
    expect(search.statusCode).toBe(200);
    expect(byStaff(StaffSearchResultSchema.parse(search.json().result).appointments)).toEqual({ [phoned]: true });

    const detail = StaffAppointmentDetailSchema.parse(
      (await desk.get(`/api/v1/staff/appointments/${phoned}`)).json().result,
    );
    expect(detail.booked_by_staff).toBe(true);
    expect(detail.history.map(historyWords)).toEqual([{ what: 'Booked by phone', by: desk.email }]);
  });
});

describe('blocked time', () => {
  it('shows on the schedule of its day with its id and label, for its clinic, and is gone once removed', async () => {
    const created = await desk.post('/api/v1/staff/blocks', {
      date: '2026-03-12',
      start_time: '13:00',
      end_time: '14:30',
      pms_prov_num: 1,
      label: 'Dentist at a course',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().result.id;
    const blocked = (blocks: ScheduleBlock[]) => blocks.filter((b) => b.kind === 'blocked');

    expect(blocked((await schedule('from=2026-03-12&to=2026-03-12')).blocks)).toEqual([
      {
        id,
        kind: 'blocked',
        starts_at: '2026-03-12T17:00:00.000Z',
        ends_at: '2026-03-12T18:30:00.000Z',
        pms_prov_num: 1,
        pms_op_num: null,
        pms_clinic_num: null,
        label: 'Dentist at a course',
      },
    ]);
    // A block of no clinic is every clinic's; another day's schedule does not show it.
    expect(blocked((await schedule('from=2026-03-12&to=2026-03-12&clinic=5')).blocks).map((b) => b.id)).toEqual([id]);
    expect(blocked((await schedule('from=2026-03-11&to=2026-03-11')).blocks)).toEqual([]);

    expect((await desk.request({ method: 'DELETE', url: `/api/v1/staff/blocks/${id}` })).statusCode).toBe(200);
    expect(blocked((await schedule('from=2026-03-12&to=2026-03-12')).blocks)).toEqual([]);
  });
});
