import { describe, expect, it } from 'vitest';
import { historyWords } from '#domain/staff/booking-history-words.ts';
import { manageApiPath } from '#domain/booking/manage-paths.ts';
import { StaffAppointmentDetailSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { REQUESTS_LIMIT, StaffRequestListSchema } from '#domain/staff/staff-requests-schemas.ts';
import { runJobsUntilIdle } from '../../../test/message-delivery.ts';
import { bookingBody } from '../../../test/booking-factory.ts';
import { bookVisit, postBooking } from '../../../test/booking-requests.ts';
import { providerSchedule } from '../../../test/fake-opendental-server.ts';
import {
  oneChairOffice,
  openDentalConfig,
  openDentalPractice,
  syncMirror,
  withFakeOpenDental,
} from '../../../test/opendental-test-kit.ts';
import { importPractices, reasonId } from '../../../test/practice-factory.ts';
import {
  addStaff,
  auditActions,
  emailsTo,
  newPractice,
  signIn,
  type StaffClient,
} from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';

// Requests without a time (ADR 0038): an Open Dental office whose eConnector was down when the
// patient booked. Monday 2 March 2026, 06:00 in Chicago; the office works Tuesday 08:00 to 12:00.
const clock = fixedClock('2026-03-02T12:00:00Z');
const STAFF = '/api/v1/staff';
const fake = withFakeOpenDental();
const ctx = withTestApp(() => ({ clock, config: openDentalConfig(fake) }));

let offices = 0;
/** An Open Dental practice of the test's own (its own office, so its own slot cache) with a front desk signed in. */
async function officePractice(): Promise<{
  practiceId: string;
  examId: string;
  desk: StaffClient;
  deskEmail: string;
  customerKey: string;
}> {
  const customerKey = `office-requests-${++offices}`;
  oneChairOffice(fake, customerKey, [providerSchedule('2026-03-03', 1, '08:00', '12:00', [1])]);
  const formUrl = `od-requests-${offices}`;
  const ids = await importPractices(ctx.db, openDentalPractice(formUrl, customerKey));
  const practiceId = ids[formUrl]!;
  // Slot lists (the console's too) come from the practice's Open Dental mirror (ADR 0071).
  await syncMirror(ctx, practiceId);
  const account = await addStaff(ctx.db, { practiceIds: [practiceId], role: 'front_desk' });
  return {
    practiceId,
    examId: await reasonId(ctx.db, practiceId, 'Exam'),
    desk: await signIn(ctx.app, account),
    deskEmail: account.email,
    customerKey,
  };
}

/** A patient books while the office's eConnector is down: "Proceed Without Slots" makes a request. */
async function requestWithoutTime(
  practice: { practiceId: string; examId: string },
  overrides: Record<string, unknown> = {},
): Promise<string> {
  fake.fail('econnector', { times: 1 });
  const { status, body } = await postBooking(
    ctx.app,
    bookingBody({
      practice_id: practice.practiceId,
      rfv_id: practice.examId,
      apt_date: null,
      start_time: null,
      end_time: null,
      pms_op_num: 0,
      ...overrides,
    }),
  );
  expect(status, JSON.stringify(body)).toBe(201);
  expect(body.result.status).toBe('requested');
  return body.result.appointment_id as string;
}

const listOf = async (desk: StaffClient, headers: Record<string, string> = {}) => {
  const response = await desk.get(`${STAFF}/requests`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return StaffRequestListSchema.parse(response.json().result);
};

describe('requests without a time', () => {
  it('lists oldest first with whom to call; staff give one a time (booked, told, in the PMS), cancel one', async () => {
    const practice = await officePractice();
    const first = await requestWithoutTime(practice, { email: 'first@example.com', pms_prov_num: 1 });
    clock.advance(5 * 60_000);
    const second = await requestWithoutTime(practice, {
      first_name: 'Teo',
      last_name: 'Ruiz',
      email: 'parent@example.com',
      wireless_phone: '+15125550188',
      pms_prov_num: 0,
      is_patient: false,
      booker_first_name: 'Paula',
      booker_last_name: 'Ruiz',
      booker_dob: '1985-01-01',
      patient_status: 'Returning Patient',
    });

    const since = clock.now();
    const list = await listOf(practice.desk);
    expect(list.total).toBe(2);
    expect(list.limit).toBe(REQUESTS_LIMIT);
    expect(list.providers.map((p) => p.name)).toEqual(['Dr. One']);
    expect(list.requests.map((r) => r.id)).toEqual([first, second]);
    expect(list.requests[0]).toMatchObject({
      patient: { first_name: 'Ana', last_name: 'Lopez', is_new: true },
      email: 'first@example.com',
      phone: '+15125550123',
      booked_by: null,
      reason: { id: practice.examId, name: 'Exam' },
      provider: { pms_prov_num: 1, name: 'Dr. One' },
      created_at: '2026-03-02T12:00:00.000Z',
    });
    expect(list.requests[1]).toMatchObject({
      patient: { first_name: 'Teo', last_name: 'Ruiz', is_new: false },
      email: 'parent@example.com',
      phone: '+15125550188',
      booked_by: { first_name: 'Paula', last_name: 'Ruiz' },
      provider: null,
      created_at: '2026-03-02T12:05:00.000Z',
    });
    // Opening the list is on the trail with the ids it showed; its refreshes (polls) are not.
    await listOf(practice.desk, { 'x-console-poll': '1' });
    expect(await auditActions(ctx.db, practice.practiceId, since)).toEqual(['requests.list']);
    const [listed] = await ctx.db.query<{ details: unknown }>(
      "select details from staff_audit where practice_id = $1 and action = 'requests.list'",
      [practice.practiceId],
    );
    expect(listed!.details).toEqual({ results: 2, appointment_ids: [first, second] });
    // The schedule's grid cannot show them: they have no time.
    expect(
      (await practice.desk.get(`${STAFF}/appointments?from=2026-03-02&to=2026-03-08`)).json().result.appointments,
    ).toEqual([]);

    const opened = StaffAppointmentDetailSchema.parse(
      (await practice.desk.get(`${STAFF}/appointments/${first}`)).json().result,
    );
    expect(opened).toMatchObject({ status: 'requested', apt_date: null });
    expect(opened.actions).toMatchObject({ reschedule: true, cancel: true, confirm: false, no_show: false });
    const slots = await practice.desk.get(
      `${STAFF}/slots?date=2026-03-03&reason_id=${practice.examId}&appointment_id=${first}`,
    );
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json().result.map((s: { DateTimeStart: string }) => s.DateTimeStart)).toContain('2026-03-03 09:00:00');

    const given = await practice.desk.post(`${STAFF}/appointments/${first}/reschedule`, {
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      pms_prov_num: 1,
    });
    expect(given.statusCode, given.body).toBe(200);
    const booked = StaffAppointmentDetailSchema.parse(given.json().result);
    expect(booked).toMatchObject({
      status: 'booked',
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      end_time: '09:30:00',
      pms_prov_num: 1,
      rescheduled: false,
    });
    expect(booked.actions).toMatchObject({ confirm: true, reschedule: true });
    expect(historyWords(booked.history.at(-1)!)).toEqual({
      what: 'Given a time: 2026-03-03 09:00',
      by: practice.deskEmail,
    });
    const [audit] = await ctx.db.query<{ details: unknown }>(
      "select details from staff_audit where target_id = $1 and action = 'appointment.schedule'",
      [first],
    );
    expect(audit!.details).toEqual({ to: '2026-03-03 09:00', to_prov: 1 });
    // The patient learns the time from the usual confirmation, with its calendar file and manage link.
    const mail = (await emailsTo(ctx.db, 'first@example.com')).at(-1)!;
    expect(mail.subject).toBe('Your appointment at Test Practice: Tuesday, March 3, 2026 at 09:00 AM (CST)');
    expect(mail.text).toContain('/appointment/');
    expect((await listOf(practice.desk)).requests.map((r) => r.id)).toEqual([second]);

    // Open Dental gets it as any booking: the write job, now that it has a time.
    await runJobsUntilIdle(ctx.db, clock, ctx.app.background.jobHandlers);
    expect(fake.office(practice.customerKey).appointments.map((a) => a.AptDateTime)).toEqual(['2026-03-03 09:00:00']);
    const [written] = await ctx.db.query<{ pms_write_status: string }>(
      'select pms_write_status from appointments where id = $1',
      [first],
    );
    expect(written!.pms_write_status).toBe('written');

    const cancelled = await practice.desk.post(`${STAFF}/appointments/${second}/cancel`, {
      reason: 'Found a practice nearer home',
      refund: false,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().result.status).toBe('cancelled');
    expect(await listOf(practice.desk)).toMatchObject({ requests: [], total: 0 });
  });

  it('refuses a time taken meanwhile (409 SLOT_TAKEN) and leaves the request open', async () => {
    const practice = await officePractice();
    const request = await requestWithoutTime(practice, { email: 'late@example.com' });
    await bookVisit(ctx.app, {
      practiceId: practice.practiceId,
      reasonId: practice.examId,
      first_name: 'Eva',
      email: 'eva@example.com',
      start_time: '10:00:00',
      end_time: '10:30:00',
    });

    const refused = await practice.desk.post(`${STAFF}/appointments/${request}/reschedule`, {
      apt_date: '2026-03-03',
      start_time: '10:00:00',
      pms_prov_num: 1,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('SLOT_TAKEN');
    expect((await listOf(practice.desk)).requests.map((r) => r.id)).toEqual([request]);
    expect(await emailsTo(ctx.db, 'late@example.com')).toHaveLength(1); // only the request's own acknowledgement
  });

  it('gives a request its time from the console only: the manage link cannot (it has no time to move)', async () => {
    const practice = await officePractice();
    const request = await requestWithoutTime(practice, { email: 'own-link@example.com' });
    const [acknowledgement] = await emailsTo(ctx.db, 'own-link@example.com');
    const token = /\/appointment\/([A-Za-z0-9_-]+)/.exec(acknowledgement!.text)![1]!;
    const patient = await ctx.app.inject({
      method: 'POST',
      url: manageApiPath(token, 'reschedule'),
      payload: { apt_date: '2026-03-03', start_time: '09:00:00', pms_prov_num: 1 },
    });
    expect(patient.statusCode, patient.body).toBe(409);
    const [row] = await ctx.db.query<{ status: string; starts_at: Date | null }>(
      'select status, starts_at from appointments where id = $1',
      [request],
    );
    expect(row).toEqual({ status: 'requested', starts_at: null });
  });

  it(`answers at most ${REQUESTS_LIMIT}, the oldest, and says how many there are`, async () => {
    const practiceId = await newPractice(ctx.db, 'Busy Practice');
    await ctx.db.query(
      `insert into appointments (practice_id, pms_prov_num, pms_op_num, status, created_at)
       select $1, 0, 0, 'requested', $2::timestamptz + make_interval(mins => n) from generate_series(1, $3::integer)
       as n`,
      [practiceId, '2026-02-01T00:00:00Z', REQUESTS_LIMIT + 5],
    );
    const owner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
    const list = await listOf(owner, { 'x-console-poll': '1' });
    expect(list.total).toBe(REQUESTS_LIMIT + 5);
    expect(list.requests).toHaveLength(REQUESTS_LIMIT);
    expect(list.requests[0]!.created_at).toBe('2026-02-01T00:01:00.000Z');
    expect(list.requests.at(-1)!.created_at).toBe(
      new Date(Date.parse('2026-02-01T00:00:00Z') + REQUESTS_LIMIT * 60_000).toISOString(),
    );
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${STAFF}/requests` });
    expect(response.statusCode).toBe(401);
  });
});
