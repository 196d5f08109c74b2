import { beforeEach, describe, expect, it } from 'vitest';
import { manageApiPath, type ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { runAppJobs } from '../../test/app-jobs.ts';
import { NEW_YORK_OFFICE, withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';
import { postBooking, postCheckout, pressCheckoutButton } from '../../test/booking-requests.ts';

// Manage my appointment (ADR 0036): the patient's link opens, moves and cancels their own
// booking under the practice's policy. Monday 2 March 2026, 07:00 in New York.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticeApp({
  clock,
  practices: [
    {
      ...NEW_YORK_OFFICE,
      reasons: [
        { name: 'Exam', final_duration: 30, to_show_providers: true, providers: [] },
        { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true },
      ],
      reschedule_cutoff_hours: 24,
      cancel_cutoff_hours: 12,
      max_reschedules: 2,
      refund_deposit_if_cancelled_hours_before: 48,
    },
  ],
});
beforeEach(() => clock.set('2026-03-02T12:00:00Z'));

async function book(overrides: Record<string, unknown>): Promise<{ id: string; token: string; reference: string }> {
  const response = await postBooking(
    ctx.app,
    bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam'), ...overrides }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const result = response.body.result as { appointment_id: string; reference: string; manage_path: string };
  expect(result.manage_path).toMatch(/^\/test-practice\/appointment\/[A-Za-z0-9_-]{32}$/);
  return { id: result.appointment_id, reference: result.reference, token: result.manage_path.split('/').at(-1)! };
}

/** A 30-minute visit at the date and local time (HH:MM) for the patient with that e-mail. */
const bookAt = (date: string, time: string, email: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const end = hours * 60 + minutes + 30;
  const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:00`;
  return book({ apt_date: date, start_time: `${time}:00`, end_time: endTime, email });
};

const view = async (token: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: manageApiPath(token) });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};
const managed = async (token: string) => {
  const { status, body } = await view(token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result as ManagedAppointment;
};
const reschedule = (token: string, payload: Record<string, unknown>, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: manageApiPath(token, 'reschedule'),
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });
const cancel = (token: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: manageApiPath(token, 'cancel'), payload });
const row = async (id: string) =>
  (await ctx.db.query<Record<string, unknown>>('select * from appointments where id = $1', [id]))[0]!;
const offered = async (date: string, time: string) => {
  const query = new URLSearchParams({
    practice_id: ctx.practiceId,
    reason_for_visit_id: ctx.reasonId('Exam'),
    start_date: date,
    end_date: date,
    pms_prov_num: '1',
  });
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/appointment/slots?${query}` });
  return (response.json().result as { DateTimeStart: string }[]).some(
    (slot) => slot.DateTimeStart === `${date} ${time}`,
  );
};
const mailTo = (recipient: string) =>
  ctx.db.query<{ subject: string; text: string; attachments: { content: string; contentType: string }[] | null }>(
    'select subject, text, attachments from outbox_messages where recipient = $1 order by seq',
    [recipient],
  );
/** The jobs queued about a booking (messages, reminders, Open Dental writes), as they stand. */
const jobsOf = (id: string) =>
  ctx.db.query<{ type: string; dedupe_key: string | null }>(
    `select type, dedupe_key from jobs where payload::text like '%' || $1 || '%' order by type, dedupe_key`,
    [id],
  );
const runJobs = () => runAppJobs(ctx, clock);

describe('the manage link', () => {
  it('opens the booking from the confirmation e-mail and the booking answer, with what the policy allows', async () => {
    const made = await bookAt('2026-03-04', '09:00', 'open@example.com');
    const appointment = await managed(made.token);
    expect(appointment).toMatchObject({
      reference: made.reference,
      state: 'booked',
      rescheduled: false,
      apt_date: '2026-03-04',
      start_time: '09:00:00',
      end_time: '09:30:00',
      starts_at: '2026-03-04T14:00:00.000Z',
      practice: {
        name: 'Test Practice',
        form_url: 'test-practice',
        phone: '2125550100',
        time_zone: 'America/New_York',
      },
      location: { name: null, address: '1 Main St' },
      reason: { name: 'Exam', is_active: true },
      provider: { pms_prov_num: 1, name: 'Dr. One' },
      patient: { first_name: 'Ana', last_name: 'Lopez' },
      payment: { state: 'not_required', amount_cents: null },
      policy: {
        can_reschedule: true,
        reschedule_until: '2026-03-03T14:00:00.000Z',
        reschedules_left: 2,
        can_cancel: true,
        cancel_until: '2026-03-04T02:00:00.000Z',
        refund_cents_if_cancelled_now: null,
        reschedule_cutoff_hours: 24,
        cancel_cutoff_hours: 12,
      },
    });
    // Third-party calendar links carry the practice's name, its address and the time, nothing else.
    expect(appointment.calendar!.ics_path).toBe(manageApiPath(made.token, 'calendar.ics'));
    expect(appointment.calendar!.google_url).not.toMatch(/Exam|Ana|Lopez/);

    await runJobs();
    const [confirmation] = await mailTo('open@example.com');
    const link = /To see, change or cancel your appointment: (\S+)/.exec(confirmation!.text)?.[1];
    // The link names the booking's language, so the page opens in it (ADR 0062).
    expect(link).toMatch(/^http:\/\/localhost:\d+\/test-practice\/appointment\/[A-Za-z0-9_-]{32}\?lang=en$/);
    // The e-mail's link is a token of its own, opening the same booking.
    const token = new URL(link!).pathname.split('/').at(-1)!;
    expect(token).not.toBe(made.token);
    expect((await managed(token)).reference).toBe(made.reference);
  });

  it('is a 404 that says nothing for an unknown or malformed token, with no referrer and no caching', async () => {
    const unknown = await view('A'.repeat(32));
    const malformed = await view('not-a-token');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(unknown.body.message).toBe(malformed.body.message);
    const made = await bookAt('2026-03-04', '10:00', 'headers@example.com');
    const { headers } = await view(made.token);
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the calendar file of the booking with its one UID', async () => {
    const made = await bookAt('2026-03-04', '11:00', 'ics@example.com');
    const response = await ctx.app.inject({ method: 'GET', url: manageApiPath(made.token, 'calendar.ics') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.body).toContain(`UID:${made.id}@chairtime`);
    expect(response.body).toContain('DTSTART:20260304T160000Z');
  });
});

describe('rescheduling', () => {
  it('moves the booking in one step: same reference, old time offered again, new one taken, all told', async () => {
    const made = await bookAt('2026-03-05', '09:00', 'move@example.com');
    await runJobs();
    // Its own time counts as free: a move by half an hour overlaps it.
    const slots = await ctx.app.inject({
      method: 'GET',
      url: `${manageApiPath(made.token, 'slots')}?start_date=2026-03-05&end_date=2026-03-05&pms_prov_num=1`,
    });
    expect(slots.statusCode).toBe(200);
    expect((slots.json().result as { DateTimeStart: string }[]).map((s) => s.DateTimeStart)).toContain(
      '2026-03-05 09:00:00',
    );
    expect(await offered('2026-03-05', '09:00:00')).toBe(false);

    const moved = await reschedule(
      made.token,
      { apt_date: '2026-03-05', start_time: '09:30:00', pms_prov_num: 1 },
      'move-key-0001',
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result).toMatchObject({
      reference: made.reference,
      state: 'rescheduled',
      start_time: '09:30:00',
      policy: { reschedules_left: 1 },
    });
    expect(await row(made.id)).toMatchObject({
      reschedule_count: 1,
      status: 'booked',
      starts_at: new Date('2026-03-05T14:30:00Z'),
    });
    expect(await offered('2026-03-05', '09:00:00')).toBe(true);
    expect(await offered('2026-03-05', '09:30:00')).toBe(false);

    await runJobs();
    const [, update] = await mailTo('move@example.com');
    expect(update!.subject).toBe(
      'Your appointment at Test Practice was moved: Thursday, March 5, 2026 at 09:30 AM (EST)',
    );
    expect(update!.text).toContain('Previous time: Thursday, March 5, 2026 at 09:00 AM (EST)');
    const ics = update!.attachments![0]!.content.replace(/\r\n /g, '');
    expect(ics).toContain(`UID:${made.id}@chairtime`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART:20260305T143000Z');
    const notices = await mailTo('office@test-practice.example');
    expect(notices.at(-1)!.subject).toBe(
      'Appointment moved online: Ana Lopez, Thursday, March 5, 2026 at 09:30 AM (EST)',
    );
  });

  it('answers a retry with the same Idempotency-Key once, and refuses the key for another change', async () => {
    const made = await bookAt('2026-03-05', '10:00', 'retry@example.com');
    const body = { apt_date: '2026-03-05', start_time: '13:00:00', pms_prov_num: 1 };
    const [first, second] = await Promise.all([
      reschedule(made.token, body, 'retry-key-0001'),
      reschedule(made.token, body, 'retry-key-0001'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await row(made.id)).toMatchObject({ reschedule_count: 1 });
    const third = await reschedule(made.token, body, 'retry-key-0001');
    expect(third.statusCode).toBe(200);
    expect(await row(made.id)).toMatchObject({ reschedule_count: 1 });
    const other = await reschedule(made.token, { ...body, start_time: '13:30:00' }, 'retry-key-0001');
    expect(other.statusCode).toBe(422);
    expect(await row(made.id)).toMatchObject({ reschedule_count: 1, starts_at: new Date('2026-03-05T18:00:00Z') });
  });

  it('answers a move to the booking’s own time as nothing changed: no move counted, no message, no job', async () => {
    const made = await bookAt('2026-03-11', '09:00', 'same-time@example.com');
    await runJobs();
    const jobsBefore = await jobsOf(made.id);
    for (const body of [
      { apt_date: '2026-03-11', start_time: '09:00:00', pms_prov_num: 1 },
      { apt_date: '2026-03-11', start_time: '09:00', pms_prov_num: 1 },
      // Any provider: the booking's own is one.
      { apt_date: '2026-03-11', start_time: '09:00:00', pms_prov_num: 0 },
    ]) {
      const same = await reschedule(made.token, body);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({
        success: true,
        message: 'Your appointment is already at this time, so nothing changed.',
        result: { state: 'booked', start_time: '09:00:00', policy: { reschedules_left: 2 } },
      });
    }
    expect(await row(made.id)).toMatchObject({ reschedule_count: 0, rescheduled_at: null });
    expect(await jobsOf(made.id)).toEqual(jobsBefore);
    await runJobs();
    expect((await mailTo('same-time@example.com')).map((mail) => mail.subject)).toEqual([
      'Your appointment at Test Practice: Wednesday, March 11, 2026 at 09:00 AM (EDT)',
    ]);
  });

  it('moves once on a double click without an Idempotency-Key: the second finds it there already', async () => {
    const made = await bookAt('2026-03-11', '10:00', 'double-click@example.com');
    const body = { apt_date: '2026-03-11', start_time: '11:00:00', pms_prov_num: 1 };
    const answers = await Promise.all([reschedule(made.token, body), reschedule(made.token, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.json().message !== undefined)).toHaveLength(1);
    expect(await row(made.id)).toMatchObject({ reschedule_count: 1, starts_at: new Date('2026-03-11T15:00:00Z') });
    await runJobs();
    expect((await mailTo('double-click@example.com')).filter((mail) => / was moved: /.test(mail.subject))).toHaveLength(
      1,
    );
  });

  it('reports a time taken meanwhile as the booking flow does, and keeps the old booking', async () => {
    const made = await bookAt('2026-03-05', '14:00', 'keep@example.com');
    await book({ apt_date: '2026-03-05', start_time: '15:00:00', end_time: '15:30:00', email: 'other@example.com' });
    const refused = await reschedule(made.token, { apt_date: '2026-03-05', start_time: '15:00:00', pms_prov_num: 1 });
    expect(refused.statusCode).toBe(409);
    expect(await row(made.id)).toMatchObject({
      reschedule_count: 0,
      status: 'booked',
      starts_at: new Date('2026-03-05T19:00:00Z'),
    });
  });

  it('races a new booking of the same time: exactly one gets it, and the moved booking is never lost', async () => {
    const made = await bookAt('2026-03-06', '09:00', 'race@example.com');
    const target = { apt_date: '2026-03-06', start_time: '11:00:00', end_time: '11:30:00' };
    const challenge = await solveBotChallenge(ctx.app);
    const [move, newcomer] = await Promise.all([
      reschedule(made.token, { ...target, pms_prov_num: 1 }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/appointment',
        payload: bookingBody({
          practice_id: ctx.practiceId,
          rfv_id: ctx.reasonId('Exam'),
          ...target,
          email: 'newcomer@example.com',
          first_name: 'Nia',
        }),
        headers: { 'x-bot-challenge': challenge },
      }),
    ]);
    // One wins (200 for the move, 201 for the booking) and the other hears the time is taken.
    expect([move.statusCode, newcomer.statusCode].filter((status) => status === 409)).toHaveLength(1);
    expect([move.statusCode, newcomer.statusCode].filter((status) => status === 200 || status === 201)).toHaveLength(1);
    const holders = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from appointments where practice_id = $1 and pms_prov_num = 1 and starts_at =
         '2026-03-06T16:00:00Z' and status = 'booked'`,
      [ctx.practiceId],
    );
    expect(holders[0]!.n).toBe(1);
    expect((await row(made.id)).status).toBe('booked');
  });

  it('follows the policy: the cutoff minute, the number of moves, and no move of a cancelled booking', async () => {
    const made = await bookAt('2026-03-05', '16:00', 'policy@example.com');
    // The cutoff is 24 hours before the current time, 2026-03-04T21:00Z: that minute still may, the next may not.
    clock.set('2026-03-04T21:00:00Z');
    expect((await managed(made.token)).policy).toMatchObject({ can_reschedule: true, reschedule_refusal: null });
    clock.set('2026-03-04T21:00:01Z');
    expect((await managed(made.token)).policy).toMatchObject({ can_reschedule: false, reschedule_refusal: 'cutoff' });
    const late = await reschedule(made.token, { apt_date: '2026-03-05', start_time: '16:30:00', pms_prov_num: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'It is too close to your appointment to change it online. Please call the office.',
    );

    clock.set('2026-03-02T12:00:00Z');
    const twice = await bookAt('2026-03-09', '09:00', 'twice@example.com');
    for (const time of ['09:30:00', '10:00:00'])
      expect(
        (await reschedule(twice.token, { apt_date: '2026-03-09', start_time: time, pms_prov_num: 1 })).statusCode,
      ).toBe(200);
    const third = await reschedule(twice.token, { apt_date: '2026-03-09', start_time: '10:30:00', pms_prov_num: 1 });
    expect(third.statusCode).toBe(409);
    expect((await managed(twice.token)).policy).toMatchObject({
      can_reschedule: false,
      reschedule_refusal: 'max_reschedules',
      reschedules_left: 0,
    });

    expect((await cancel(twice.token)).statusCode).toBe(200);
    const afterCancel = await reschedule(twice.token, {
      apt_date: '2026-03-09',
      start_time: '11:00:00',
      pms_prov_num: 1,
    });
    expect(afterCancel.statusCode).toBe(409);
  });
});

describe('cancelling', () => {
  it('cancels once: the time is offered again, the page shows it read-only, a second cancel is a 409', async () => {
    const made = await bookAt('2026-03-10', '09:00', 'cancel@example.com');
    await runJobs();
    const cancelled = await cancel(made.token, { reason: 'schedule_conflict' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().result).toMatchObject({
      state: 'cancelled',
      status: 'cancelled',
      policy: { can_cancel: false, can_reschedule: false },
      calendar: null,
    });
    expect(await row(made.id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'patient',
      cancel_reason: 'schedule_conflict',
    });
    expect(await offered('2026-03-10', '09:00:00')).toBe(true);
    const again = await cancel(made.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This appointment is already cancelled.');
    expect((await managed(made.token)).state).toBe('cancelled');

    await runJobs();
    const [, notice] = await mailTo('cancel@example.com');
    expect(notice!.subject).toBe('Your appointment at Test Practice is cancelled');
    const ics = notice!.attachments![0]!.content.replace(/\r\n /g, '');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:${made.id}@chairtime`);
    expect((await mailTo('office@test-practice.example')).at(-1)!.text).toContain('Reason given: schedule conflict');
  });

  it('honours the cancel cutoff, with 30 minutes of grace for a booking made inside it', async () => {
    clock.set('2026-03-02T14:00:00Z');
    // Made at 09:00 for 15:00 the same day: inside the 12-hour cutoff from the start.
    const made = await bookAt('2026-03-02', '15:00', 'grace@example.com');
    clock.set('2026-03-02T14:30:00Z');
    expect((await managed(made.token)).policy).toMatchObject({
      can_cancel: true,
      cancel_until: '2026-03-02T14:30:00.000Z',
    });
    clock.set('2026-03-02T14:30:01Z');
    expect((await managed(made.token)).policy).toMatchObject({ can_cancel: false, cancel_refusal: 'cutoff' });
    expect((await cancel(made.token)).statusCode).toBe(409);
    expect((await row(made.id)).status).toBe('booked');
  });

  it('refunds a paid deposit exactly once when cancelled in time, and keeps it when late', async () => {
    const paid = async (time: string, email: string) => {
      const session = await postCheckout(
        ctx.app,
        bookingBody({
          practice_id: ctx.practiceId,
          rfv_id: ctx.reasonId('Whitening'),
          apt_date: '2026-03-12',
          start_time: time,
          end_time: time.replace(':00:', ':30:'),
          email,
        }),
      );
      expect(session.status, JSON.stringify(session.body)).toBe(201);
      const sessionId = session.body.result.session_id as string;
      await pressCheckoutButton(ctx.app, sessionId, 'pay');
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/appointment',
        payload: { practice_id: ctx.practiceId, payment_details: { session_id: sessionId } },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const managePath = answer.json().result.manage_path as string;
      return { sessionId, token: managePath.split('/').at(-1)!, id: answer.json().result.appointment_id as string };
    };
    const early = await paid('09:00:00', 'early@example.com');
    expect(await managed(early.token)).toMatchObject({
      payment: { state: 'paid', amount_cents: 7500 },
      policy: { refund_cents_if_cancelled_now: 7500, refund_until: '2026-03-10T13:00:00.000Z' },
    });
    const [first, second] = await Promise.all([cancel(early.token), cancel(early.token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await row(early.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refund_pending',
      refund_cents: 7500,
    });
    const refundJobs = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from jobs where type = 'payment.refund' and payload->>'appointmentId' = $1`,
      [early.id],
    );
    expect(refundJobs[0]!.n).toBe(1);
    await runJobs();
    expect(await row(early.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    const refunded = await ctx.db.query<{ refunded: boolean }>(
      'select refunded from local_checkout_sessions where id = $1',
      [early.sessionId],
    );
    expect(refunded[0]!.refunded).toBe(true);
    expect((await managed(early.token)).payment).toEqual({ state: 'refunded', amount_cents: 7500, can_pay: false });

    // A paid booking keeps its payment when moved.
    const kept = await paid('11:00:00', 'kept@example.com');
    expect(
      (await reschedule(kept.token, { apt_date: '2026-03-12', start_time: '13:00:00', pms_prov_num: 1 })).statusCode,
    ).toBe(200);
    expect(await row(kept.id)).toMatchObject({
      status: 'booked',
      payment_status: 'paid',
      amount_cents: 7500,
      reschedule_count: 1,
    });

    const late = await paid('10:00:00', 'late@example.com');
    clock.set('2026-03-11T12:00:00Z');
    expect((await managed(late.token)).policy).toMatchObject({ can_cancel: true, refund_cents_if_cancelled_now: 0 });
    expect((await cancel(late.token)).statusCode).toBe(200);
    expect(await row(late.id)).toMatchObject({ status: 'cancelled', payment_status: 'paid', refund_cents: null });
    await runJobs();
    const cancellation = (await mailTo('late@example.com')).find(
      (mail) => mail.subject === 'Your appointment at Test Practice is cancelled',
    );
    expect(cancellation!.text).toContain(
      'The deposit of $75.00 is kept, because the appointment was cancelled less than 48 hours before it.',
    );
  });

  it('offers a booking left unpaid a checkout of its own, and nothing to pay otherwise', async () => {
    const session = await postCheckout(
      ctx.app,
      bookingBody({
        practice_id: ctx.practiceId,
        rfv_id: ctx.reasonId('Whitening'),
        apt_date: '2026-03-13',
        start_time: '09:00:00',
        end_time: '09:30:00',
        email: 'unpaid@example.com',
      }),
    );
    const sessionId = session.body.result.session_id as string;
    // The patient left the checkout: the visit stays booked, without its payment.
    await pressCheckoutButton(ctx.app, sessionId, 'cancel');
    const [{ id }] = (await ctx.db.query<{ id: string }>('select id from appointments where payment_session_id = $1', [
      sessionId,
    ])) as [{ id: string }];
    expect(await row(id)).toMatchObject({ status: 'booked', payment_status: 'unpaid' });
    const { token } = await mintManageLink(ctx.db, {
      appointmentId: id,
      formUrl: 'test-practice',
      carriedBy: 'test',
      now: clock.now(),
    });
    expect((await managed(token)).payment).toEqual({ state: 'unpaid', amount_cents: 7500, can_pay: true });
    const checkout = await ctx.app.inject({ method: 'POST', url: manageApiPath(token, 'checkout') });
    expect(checkout.statusCode, checkout.body).toBe(201);
    expect(checkout.json().result).toMatchObject({
      session_id: expect.any(String),
      url: expect.stringContaining('/_dev/checkout/'),
    });

    const free = await bookAt('2026-03-13', '10:00', 'free@example.com');
    expect((await ctx.app.inject({ method: 'POST', url: manageApiPath(free.token, 'checkout') })).statusCode).toBe(409);
  });
});

describe("a cancelled visit's calendar file (RFC 5546, ADR 0035 amended)", () => {
  it('raises SEQUENCE above the last revision the patient received, in the e-mail and the download', async () => {
    const made = await bookAt('2026-03-12', '09:00', 'sequence@example.com');
    await runJobs();
    expect((await cancel(made.token)).statusCode).toBe(200);
    await runJobs();

    const [confirmation, notice] = await mailTo('sequence@example.com');
    const sequenceOf = (ics: string) => /^SEQUENCE:(\d+)/m.exec(ics.replace(/\r\n /g, ''))?.[1];
    expect(sequenceOf(confirmation!.attachments![0]!.content)).toBe('0');
    expect(sequenceOf(notice!.attachments![0]!.content)).toBe('1');
    const download = await ctx.app.inject({ method: 'GET', url: manageApiPath(made.token, 'calendar.ics') });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('STATUS:CANCELLED');
    expect(sequenceOf(download.body)).toBe('1');
  });
});
