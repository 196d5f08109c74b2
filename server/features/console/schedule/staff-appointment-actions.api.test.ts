import { beforeEach, describe, expect, it } from 'vitest';
import { historyWords } from '#domain/staff/booking-history-words.ts';
import { StaffAppointmentDetailSchema, type StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { runJobsUntilIdle } from '../../../test/message-delivery.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import { addStaff, signIn } from '../../../test/staff-factory.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { withPracticesApp, withSignedInStaff } from '../../../test/staff-test-app.ts';
import { REFUND_JOB } from '../../payments/payments-service.ts';
import { bookVisit } from '../../../test/booking-requests.ts';

// A booking's detail and what the front desk does to it (ADR 0038), through the booking lifecycle
// with the patient's usual messages. Monday 2 March 2026, 07:00 in New York. The practice's
// patient policy is strict (a day's notice, no moves), and binds the patient, not the staff.
const NOW = '2026-03-02T12:00:00Z';
const clock = fixedClock(NOW);
const ctx = withPracticesApp(
  [
    practiceConfig({
      notification_email: 'office@test-practice.example',
      min_hours_before_booking: 24,
      reschedule_cutoff_hours: 48,
      cancel_cutoff_hours: 48,
      max_reschedules: 0,
    }),
  ],
  { clock },
);
const desk = withSignedInStaff(ctx);
beforeEach(() => clock.set(NOW));

let slot = 0;
/** A booking of its own for each test: Wednesday to Friday, 09:00 to 16:30, never the same time twice. */
async function book(overrides: Record<string, unknown> = {}): Promise<string> {
  const index = slot++;
  const day = ['2026-03-04', '2026-03-05', '2026-03-06'][Math.floor(index / 14)]!;
  const minutes = 9 * 60 + (index % 14) * 30 + (index % 14 >= 6 ? 60 : 0); // lunch is 12:00 to 13:00
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
  const time = clock(minutes);
  const end = clock(minutes + 30);
  return bookVisit(ctx.app, {
    practiceId: ctx.practiceId,
    reasonId: ctx.examId,
    apt_date: day,
    start_time: time,
    end_time: end,
    email: `patient${index}@example.com`,
    ...overrides,
  });
}

const path = (id: string, action = '') => `/api/v1/staff/appointments/${id}${action ? `/${action}` : ''}`;
async function detailOf(response: {
  statusCode: number;
  body: string;
  json(): { result: unknown };
}): Promise<StaffAppointmentDetail> {
  expect(response.statusCode, response.body).toBe(200);
  return StaffAppointmentDetailSchema.parse(response.json().result);
}
/** The booking's wall time in New York, "YYYY-MM-DD HH:mm", as audit rows give it. */
const wallOf = async (id: string) =>
  formatInstantLocal((await row(id)).starts_at as Date, 'America/New_York').slice(0, 16);
const row = async (id: string) =>
  (await ctx.db.query<Record<string, unknown>>('select * from appointments where id = $1', [id]))[0]!;
const auditOf = (id: string) =>
  ctx.db.query<{ action: string; account_email: string; details: Record<string, unknown> }>(
    'select action, account_email, details from staff_audit where target_id = $1 order by id',
    [id],
  );
const mailTo = (recipient: string) =>
  ctx.db.query<{ subject: string; text: string; attachments: { content: string }[] }>(
    'select subject, text, attachments from outbox_messages where recipient = $1 order by seq',
    [recipient],
  );
const runJobs = () => runJobsUntilIdle(ctx.db, clock, ctx.app.background.jobHandlers);
/** A console signed in at the clock's time (one signed in earlier would be idle after a jump). */
const deskNow = async () =>
  signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [ctx.practiceId], role: 'front_desk' }));

describe('a booking’s detail', () => {
  it('shows the patient, the booking, its consent, tracking, messages and history, and records the look', async () => {
    const id = await book({
      booker_first_name: 'Mara',
      booker_last_name: 'Lopez',
      booker_dob: '1965-01-02',
      is_patient: false,
      language: 'es',
      utm_details: { utm_source: 'newsletter', utm_campaign: 'spring', utm_medium: 'email' },
    });
    await runJobs();
    const detail = await detailOf(await desk.get(path(id)));
    expect(detail).toMatchObject({
      id,
      status: 'booked',
      payment: 'not_required',
      pms_write: null,
      apt_date: '2026-03-04',
      start_time: '09:00:00',
      patient: {
        first_name: 'Ana',
        last_name: 'Lopez',
        is_new: true,
        dob: '1990-04-12',
        email: 'patient0@example.com',
        phone: '+15125550123',
        booked_by: { first_name: 'Mara', last_name: 'Lopez', dob: '1965-01-02' },
      },
      reason: { id: ctx.examId, name: 'Exam' },
      provider_name: 'Dr. One',
      chair_name: 'Chair 1',
      clinic_name: null,
      message: 'First visit',
      language: 'es',
      verification: { verified: false, channel: null, at: null },
      payment_detail: { amount_cents: null, paid_at: null },
      tracking: { source: 'google', campaign: 'spring', medium: 'email', referrer: 'ref-7' },
      actions: {
        confirm: true,
        arrived: true,
        no_show: false,
        cancel: true,
        reschedule: true,
        resend_confirmation: true,
        refundable_cents: null,
      },
    });
    expect(detail.consent.map((c) => [c.channel, c.granted, c.source])).toEqual([
      ['email', true, 'booking_form'],
      ['sms', true, 'booking_form'],
    ]);
    expect(detail.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'email', kind: 'booking-confirmation', recipient: 'patient0@example.com' }),
      ]),
    );
    expect(detail.history.map(historyWords)).toEqual([{ what: 'Booked online', by: 'patient' }]);
    expect(await auditOf(id)).toEqual([
      { action: 'appointment.view', account_email: desk.email, details: { reference: detail.reference } },
    ]);
  });

  it('is a 404 for a malformed or unknown id', async () => {
    for (const id of ['not-an-id', '123', crypto.randomUUID()]) {
      const response = await desk.get(path(id));
      expect(response.statusCode, id).toBe(404);
    }
  });
});

describe('status changes', () => {
  it('confirms and marks arrived, each with an audit row and a line of history that says who', async () => {
    const id = await book();
    const confirmed = await detailOf(await desk.post(path(id, 'confirm')));
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.actions.confirm).toBe(false);
    const arrived = await detailOf(await desk.post(path(id, 'arrived')));
    expect(arrived.status).toBe('arrived');
    expect(arrived.history.map(historyWords).map((h) => [h.what, h.by])).toEqual([
      ['Booked online', 'patient'],
      ['Confirmed', desk.email],
      ['Marked arrived', desk.email],
    ]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['appointment.confirm', 'appointment.arrived']);
    expect(await row(id)).toMatchObject({
      status: 'arrived',
      confirmed_at: expect.any(Date),
      arrived_at: expect.any(Date),
    });
  });

  it('refuses what the booking’s state does not allow with a 409 that says why, changing nothing', async () => {
    const id = await book();
    await detailOf(await desk.post(path(id, 'cancel'), { reason: 'Patient called' }));
    const refused = await desk.post(path(id, 'confirm'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This appointment is cancelled and cannot become confirmed.',
    });
    expect(
      (await desk.post(path(id, 'reschedule'), { apt_date: '2026-03-09', start_time: '09:00:00', pms_prov_num: 1 }))
        .statusCode,
    ).toBe(409);
    expect((await desk.post(path(id, 'resend-confirmation'))).statusCode).toBe(409);
    expect((await row(id)).status).toBe('cancelled');
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['appointment.cancel']);
  });

  it('marks a no-show only once the visit has begun', async () => {
    const id = await book();
    const early = await desk.post(path(id, 'no-show'));
    expect(early.statusCode).toBe(409);
    expect((await row(id)).status).toBe('booked');
    clock.set(new Date(((await row(id)).starts_at as Date).getTime() + 20 * 60_000));
    const later = await deskNow();
    const marked = await detailOf(await later.post(path(id, 'no-show')));
    expect(marked).toMatchObject({
      status: 'no_show',
      actions: { arrived: true, no_show: false, cancel: false, reschedule: false },
    });
  });
});

describe('cancelling', () => {
  it('tells the patient in their language, the reason kept for the practice, and no notice to the office', async () => {
    const id = await book({ language: 'es', email: 'es@example.com' });
    const when = await wallOf(id);
    await runJobs();
    const cancelled = await detailOf(await desk.post(path(id, 'cancel'), { reason: 'Dentist is ill' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', actions: { cancel: false, reschedule: false } });
    expect(historyWords(cancelled.history.at(-1)!)).toEqual({ what: 'Cancelled: Dentist is ill', by: desk.email });
    expect(await row(id)).toMatchObject({ cancelled_by: 'staff', cancel_reason: 'Dentist is ill' });
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'appointment.cancel',
      details: { reason: 'Dentist is ill', refund_cents: null, from: 'booked', when },
    });
    await runJobs();
    const mails = await mailTo('es@example.com');
    expect(mails.at(-1)!.subject).toBe('Su cita en Test Practice está cancelada');
    expect(mails.at(-1)!.text).toContain('Su cita está cancelada.');
    expect(mails.at(-1)!.attachments[0]!.content).toContain('METHOD:CANCEL');
    const office = await mailTo('office@test-practice.example');
    expect(office.some((mail) => mail.subject.startsWith('Appointment cancelled online'))).toBe(false);
  });

  it('needs a reason (422) and refunds only when asked', async () => {
    const kept = await book();
    const refunded = await book({ email: 'refund@example.com' });
    for (const id of [kept, refunded]) {
      // Paid through the checkout (the payment tests cover how it gets so).
      await ctx.db.query(
        `update appointments set payment_status = 'paid', amount_cents = 7500, payment_session_id = $2,
           paid_at = now() where id = $1`,
        [id, `cs_test_${id}`],
      );
    }
    expect((await desk.post(path(kept, 'cancel'), {})).statusCode).toBe(422);
    expect((await desk.post(path(kept, 'cancel'), { reason: '   ' })).statusCode).toBe(422);
    expect((await detailOf(await desk.get(path(refunded)))).actions.refundable_cents).toBe(7500);

    await detailOf(await desk.post(path(kept, 'cancel'), { reason: 'No longer needed' }));
    expect(await row(kept)).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    const done = await detailOf(await desk.post(path(refunded, 'cancel'), { reason: 'Practice closed', refund: true }));
    expect(done.payment).toBe('refund_pending');
    expect(await row(refunded)).toMatchObject({ payment_status: 'refund_pending', refund_cents: 7500 });
    const jobs = await ctx.db.query<{ payload: { appointmentId: string } }>(
      'select payload from jobs where type = $1',
      [REFUND_JOB],
    );
    expect(jobs.map((job) => job.payload.appointmentId)).toEqual([refunded]);
    await runJobs();
    const notice = (await mailTo('refund@example.com')).find(
      (mail) => mail.subject === 'Your appointment at Test Practice is cancelled',
    );
    expect(notice!.text).toContain('Your deposit of $75.00 will be refunded');
  });
});

describe('moving', () => {
  it('moves to any free time, inside the patients’ notice and past their move limit; tells the patient', async () => {
    const id = await book({ email: 'move@example.com' });
    const from = await wallOf(id);
    await runJobs();
    // Today 15:00: patients need a day's notice and may not move at all here; staff may.
    const moved = await detailOf(
      await desk.post(path(id, 'reschedule'), { apt_date: '2026-03-02', start_time: '15:00', pms_prov_num: 2 }),
    );
    expect(moved).toMatchObject({
      apt_date: '2026-03-02',
      start_time: '15:00:00',
      end_time: '15:30:00',
      pms_prov_num: 2,
      pms_op_num: 2,
      rescheduled: true,
      status: 'booked',
      provider_name: 'Dr. Two',
    });
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'appointment.reschedule',
      details: { from, to: '2026-03-02 15:00', from_prov: 1, to_prov: 2 },
    });
    expect(historyWords(moved.history.at(-1)!)).toEqual({
      what: `Moved from ${from} to 2026-03-02 15:00`,
      by: desk.email,
    });
    await runJobs();
    const mail = (await mailTo('move@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/^Your appointment at Test Practice was moved/);
    expect(mail.attachments[0]!.content).toMatch(/SEQUENCE:1/);
    const office = await mailTo('office@test-practice.example');
    expect(office.some((m) => m.subject.startsWith('Appointment moved online'))).toBe(false);
  });

  it('refuses a taken time with a 409 SLOT_TAKEN and leaves the booking where it was', async () => {
    const taken = await detailOf(await desk.get(path(await book())));
    const id = await book();
    const before = await row(id);
    const refused = await desk.post(path(id, 'reschedule'), {
      apt_date: taken.apt_date,
      start_time: taken.start_time,
      pms_prov_num: taken.pms_prov_num,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_TAKEN');
    expect(await row(id)).toMatchObject({
      starts_at: before.starts_at,
      pms_prov_num: before.pms_prov_num,
      reschedule_count: 0,
    });
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('resending the confirmation', () => {
  it('queues the confirmation e-mail again, with a fresh key', async () => {
    const id = await book({ email: 'again@example.com' });
    await runJobs();
    const resent = await detailOf(await desk.post(path(id, 'resend-confirmation')));
    await detailOf(await desk.post(path(id, 'resend-confirmation')));
    await runJobs();
    const mails = await mailTo('again@example.com');
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => m.subject))).toEqual(new Set([mails[0]!.subject]));
    expect(historyWords(resent.history.at(-1)!)).toEqual({ what: 'Confirmation sent again', by: desk.email });
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      'appointment.resend_confirmation',
      'appointment.resend_confirmation',
    ]);
  });
});

describe('without a session', () => {
  it('answers 401 on every endpoint', async () => {
    const id = await book();
    const requests = [
      { method: 'GET' as const, url: path(id) },
      ...['confirm', 'arrived', 'no-show', 'cancel', 'reschedule', 'resend-confirmation'].map((action) => ({
        method: 'POST' as const,
        url: path(id, action),
        payload: {},
      })),
    ];
    for (const request of requests) expect((await ctx.app.inject(request)).statusCode, request.url).toBe(401);
    expect((await row(id)).status).toBe('booked');
  });
});
