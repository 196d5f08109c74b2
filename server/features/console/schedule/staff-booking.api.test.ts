import { describe, expect, it } from 'vitest';
import { StaffBookingCreatedSchema, type StaffBookingBodyInput } from '#domain/staff/staff-booking-schemas.ts';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { bookingBody } from '../../../test/booking-factory.ts';
import { phonedPatient } from '../../../test/phoned-patient.ts';
import { postBooking } from '../../../test/booking-requests.ts';
import { deliverDueMessages } from '../../../test/message-delivery.ts';
import { practiceConfig, reasonId } from '../../../test/practice-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../../test/staff-test-app.ts';
import { fixedClock } from '../../../test/test-app.ts';

// Booking a patient who phoned from the staff console (ADR 0038). Monday 2 March 2026, 07:00 in
// New York; the practice asks patients for 24 hours' notice, which does not bind staff.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticesApp(
  [
    practiceConfig({
      min_hours_before_booking: 24,
      notification_email: 'office@test-practice.example',
      reasons: [
        { name: 'Exam', final_duration: 30, to_show_providers: true, providers: [] },
        { name: 'Recall', final_duration: 30, for_new_patients: false },
        { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true },
      ],
    }),
    practiceConfig({
      form_url: 'other-practice',
      name: 'Other Practice',
      providers: [{ pms_prov_num: 7, provider_display_name: 'Dr. Seven' }],
      operatories: [{ pms_op_num: 7, name: 'Chair 7' }],
      schedules: [
        { pms_prov_num: 7, pms_op_num: 7, weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', breaks: [] },
      ],
    }),
  ],
  { clock },
);
const desk = withSignedInStaff(ctx);

const phoned = (overrides: Partial<StaffBookingBodyInput> = {}): StaffBookingBodyInput =>
  phonedPatient({
    reason_id: ctx.examId,
    email: 'rosa.diaz@example.com',
    message: 'Called about a loose filling',
    ...overrides,
  });

const countIn = async (id: string) =>
  (await ctx.db.query<{ n: number }>('select count(*)::int as n from appointments where practice_id = $1', [id]))[0]!.n;
const auditOf = (action: string, targetId: string) =>
  ctx.db.query<{ practice_id: string; details: Record<string, unknown> }>(
    'select practice_id, details from staff_audit where action = $1 and target_id = $2',
    [action, targetId],
  );

const patientBooks = (overrides: Partial<BookingBodyInput>) =>
  postBooking(ctx.app, bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.examId, ...overrides }));

describe('POST /api/v1/staff/appointments', () => {
  it('books via the booking service: confirmation in their language, reminders, phoned consent, by staff', async () => {
    const response = await desk.post('/api/v1/staff/appointments', phoned({ language: 'es' }));
    expect(response.statusCode).toBe(201);
    const booked = StaffBookingCreatedSchema.parse(response.json().result);
    expect(booked).toMatchObject({
      status: 'booked',
      apt_date: '2026-03-03',
      start_time: '10:00:00',
      end_time: '10:30:00',
      pms_prov_num: 1,
      pms_op_num: 1,
    });

    const [row] = await ctx.db.query<Record<string, unknown>>('select * from appointments where id = $1', [booked.id]);
    expect(row).toMatchObject({
      practice_id: ctx.practiceId,
      reference: booked.reference,
      status: 'booked',
      patient_status: 'Returning Patient',
      is_concented: true,
      language: 'es',
    });
    // How the schedule tells a staff booking: source_meta.channel = 'staff' (a patient's source_meta cannot carry it).
    expect(row!.source_meta).toMatchObject({ channel: 'staff' });
    // The office's note (Open Dental's too) says how it was booked, and claims no insurance answer.
    expect(row!.message).toBe(
      "Called about a loose filling | Reason: Exam | Booked by phone by the practice's staff in Chairtime",
    );
    const consents = await ctx.db.query(
      'select channel, granted, source from contact_consents where appointment_id = $1 order by channel',
      [booked.id],
    );
    expect(consents).toEqual([
      { channel: 'email', granted: true, source: 'staff' },
      { channel: 'sms', granted: true, source: 'staff' },
    ]);
    expect(await auditOf('appointment.create', booked.id)).toMatchObject([
      { practice_id: ctx.practiceId, details: { reference: booked.reference } },
    ]);
    const reminders = await ctx.db.query(
      "select 1 from jobs where type = 'reminder.send' and payload->>'appointmentId' = $1",
      [booked.id],
    );
    expect(reminders.length).toBeGreaterThan(0);

    await deliverDueMessages(ctx.db, clock);
    const [confirmation] = await ctx.db.query<{ subject: string; text: string }>(
      'select subject, text from outbox_messages where recipient = $1',
      ['rosa.diaz@example.com'],
    );
    expect(confirmation?.subject).toMatch(/^Su cita en Test Practice: /);
    expect(confirmation?.text).toContain(booked.reference);
    const [notice] = await ctx.db.query<{ text: string }>('select text from outbox_messages where recipient = $1', [
      'office@test-practice.example',
    ]);
    expect(notice?.text).toMatch(/^Booked by phone from the staff console\./);
  });

  it("books inside the practice's minimum notice, which a patient cannot, but never in the past", async () => {
    // Today 11:00 is four hours away: a patient is refused, staff are not.
    const patient = await patientBooks({ apt_date: '2026-03-02', start_time: '11:00:00', end_time: '11:30:00' });
    expect(patient.status).toBe(422);
    const staff = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ apt_date: '2026-03-02', start_time: '11:00' }),
    );
    expect(staff.statusCode).toBe(201);
    const past = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ apt_date: '2026-03-02', start_time: '06:00', pms_prov_num: 2 }),
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().code).toBe('SLOT_UNAVAILABLE');
  });

  it('never double-books: a taken time is 409 SLOT_TAKEN, none saved; no patient takes a phoned-in time', async () => {
    const first = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ apt_date: '2026-03-04', start_time: '14:00' }),
    );
    expect(first.statusCode).toBe(201);
    const before = await countIn(ctx.practiceId);
    const again = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ apt_date: '2026-03-04', start_time: '14:00', first_name: 'Luis' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SLOT_TAKEN');
    const patient = await patientBooks({
      apt_date: '2026-03-04',
      start_time: '14:00:00',
      end_time: '14:30:00',
      pms_prov_num: 1,
    });
    expect(patient.status).toBe(409);
    expect(await countIn(ctx.practiceId)).toBe(before);
  });

  it('books a patient who gave only a mobile and declined contact: no e-mail, the refusal recorded', async () => {
    const response = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ apt_date: '2026-03-05', email: '', wireless_phone: '2125550188', agreed_to_contact: false }),
    );
    expect(response.statusCode).toBe(201);
    const id = response.json().result.id as string;
    const [row] = await ctx.db.query<{ is_concented: boolean; email: string }>(
      'select is_concented, email from appointments where id = $1',
      [id],
    );
    expect(row).toEqual({ is_concented: false, email: '' });
    expect(
      await ctx.db.query('select channel, recipient, granted, source from contact_consents where appointment_id = $1', [
        id,
      ]),
    ).toEqual([{ channel: 'sms', recipient: '+12125550188', granted: false, source: 'staff' }]);
    const mails = await ctx.db.query(
      `select 1 from jobs where type = 'email.send' and payload->>'appointmentId' = $1 and payload->>'to' <>
         'office@test-practice.example'`,
      [id],
    );
    expect(mails).toEqual([]);
  });

  it('books a paid reason unpaid: no payment step on the phone, no hold', async () => {
    const response = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ reason_id: ctx.reasons.Whitening!, apt_date: '2026-03-05', start_time: '11:00' }),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.db.query(
      'select status, payment_status, hold_expires_at, amount_cents from appointments where id = $1',
      [response.json().result.id],
    );
    expect(row).toEqual({ status: 'booked', payment_status: null, hold_expires_at: null, amount_cents: null });
  });

  it("answers bad input with 422 naming the fields, and keeps the reason's patient rule", async () => {
    const bad = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ first_name: '', email: '', wireless_phone: null, apt_date: '2026-02-30' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['first_name', 'email', 'apt_date']));
    const recallForNew = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ reason_id: ctx.reasons.Recall!, is_new_patient: true, apt_date: '2026-03-05', start_time: '15:00' }),
    );
    expect(recallForNew.statusCode).toBe(422);
    expect(recallForNew.json().fields).toHaveProperty('is_new_patient');
  });

  it('needs a session and the CSRF token', async () => {
    const before = await countIn(ctx.practiceId);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/appointments',
      payload: phoned({ apt_date: '2026-03-06' }),
    });
    expect(anonymous.statusCode).toBe(401);
    const noToken = await desk.request({
      method: 'POST',
      url: '/api/v1/staff/appointments',
      payload: phoned({ apt_date: '2026-03-06' }),
      headers: { 'x-csrf-token': '' },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('CSRF_FAILED');
    expect(await countIn(ctx.practiceId)).toBe(before);
  });

  it('never books into another practice: its reason is not found, its provider has no time here', async () => {
    const before = await countIn(ctx.ids['other-practice']!);
    const theirReason = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ reason_id: await reasonId(ctx.db, ctx.ids['other-practice']!, 'Exam'), apt_date: '2026-03-06' }),
    );
    expect(theirReason.statusCode).toBe(404);
    const theirProvider = await desk.post(
      '/api/v1/staff/appointments',
      phoned({ pms_prov_num: 7, apt_date: '2026-03-06' }),
    );
    expect(theirProvider.statusCode).toBe(422);
    expect(await countIn(ctx.ids['other-practice']!)).toBe(before);
  });
});
