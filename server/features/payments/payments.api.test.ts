import { beforeEach, describe, expect, it } from 'vitest';
import { bookingBody } from '../../test/booking-factory.ts';
import { REMINDER_JOB } from '../reminders/reminder-jobs.ts';
import { runAppJobs } from '../../test/app-jobs.ts';
import {
  bookVisit,
  CHECKOUT_RETURN_URLS,
  postBooking,
  postCheckout,
  pressCheckoutButton,
  releaseExpiredHolds,
} from '../../test/booking-requests.ts';
import { deliverDueMessages } from '../../test/message-delivery.ts';
import { EXAM_AND_PAID_WHITENING, withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';

const clock = fixedClock('2026-03-02T12:00:00Z');
const ORIGIN = 'http://localhost:8080';

const ctx = withPracticeApp({
  clock,
  practices: [
    {
      notification_email: 'office@test-practice.example',
      reasons: EXAM_AND_PAID_WHITENING,
    },
  ],
});
beforeEach(() => clock.set('2026-03-02T12:00:00Z'));

const localSession = async (sessionId: string) =>
  (
    await ctx.db.query<{ success_url: string; cancel_url: string; status: string }>(
      'select success_url, cancel_url, status from local_checkout_sessions where id = $1',
      [sessionId],
    )
  )[0]!;

async function createSession(overrides: Record<string, unknown> = {}) {
  const response = await postCheckout(ctx.app, {
    ...bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Whitening') }),
    ...CHECKOUT_RETURN_URLS,
    ...overrides,
  });
  return { status: response.status, body: response.body };
}

const appointmentOf = async (sessionId: string) =>
  (
    await ctx.db.query<Record<string, unknown>>('select * from appointments where payment_session_id = $1', [sessionId])
  )[0]!;
/** The success page's status check: the session's state, asked for the given practice (default: this one). */
const paymentStatus = (sessionId: string, practiceId = ctx.practiceId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stripe/check-payment-status?session_id=${sessionId}&practice_id=${practiceId}`,
  });
/** The hold runs out and is released, and someone else books its slot (the taker's time and e-mail). */
async function expireAndGiveAway(sessionId: string, taker: { start_time: string; end_time: string; email: string }) {
  clock.advance(42 * 60_000);
  await releaseExpiredHolds(ctx.app);
  expect(await appointmentOf(sessionId)).toMatchObject({ status: 'expired' });
  await bookVisit(ctx.app, { practiceId: ctx.practiceId, reasonId: ctx.reasonId('Exam'), ...taker });
}
/** The status check of a session that is settled one way or the other: nothing left to retry. */
async function expectSettledStatus(
  sessionId: string,
  expected: { apt_booked: boolean; payment_status: string; state: string },
) {
  const { apt_booked, payment_status, state } = expected;
  expect((await paymentStatus(sessionId)).json()).toMatchObject({
    success: true,
    apt_booked,
    result: { payment_status, appointment: { state, can_retry_payment: false } },
  });
}
/** The success page's booking with the paid session's details, as the browser posts it on return. */
const bookOnReturn = (sessionId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: {
      ...bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Whitening') }),
      payment_details: { amount: 75, payment_status: 'success', session_id: sessionId },
    },
  });
const mailTo = async (to: string) =>
  await ctx.db.query<{ subject: string; text: string }>(
    'select subject, text from outbox_messages where recipient = $1 order by seq',
    [to],
  );

describe('POST /api/v1/stripe/create-session', () => {
  it('holds the slot at the amount of the reason and returns the checkout', async () => {
    const { status, body } = await createSession({ amount: 1 });
    expect(status).toBe(201);
    expect(body.result.session_id).toMatch(/^cs_local_/);
    expect(body.result.url).toBe(`http://localhost:8080/_dev/checkout/${body.result.session_id}`);
    const held = await appointmentOf(body.result.session_id);
    expect(held).toMatchObject({
      status: 'pending_payment',
      payment_status: 'pending',
      amount_cents: 7500,
      payment_provider: 'local',
    });
    // The hold counts: the same slot is taken for the next patient.
    const again = await createSession({ email: 'second@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SLOT_TAKEN');
  });

  it('refuses a reason without payment', async () => {
    expect(
      (await createSession({ start_time: '10:00:00', end_time: '10:30:00', rfv_id: ctx.reasonId('Exam') })).status,
    ).toBe(400);
  });

  it.each([
    [
      'a success URL on another host (the site opened at 127.0.0.1)',
      {
        success_url: 'http://127.0.0.1:8080/test-practice/payment-success',
        cancel_url: 'http://127.0.0.1:8080/test-practice/payment-failed',
      },
    ],
    ['a success URL elsewhere', { success_url: 'https://evil.example/test-practice/payment-success' }],
    ['a cancel URL of another page', { cancel_url: `${ORIGIN}/other/payment-failed` }],
    ['no return URLs', { success_url: undefined, cancel_url: undefined }],
    ['return URLs that are not URLs', { success_url: 42, cancel_url: 'x'.repeat(5_000) }],
  ])('books with %s, returning to PUBLIC_URL and the practice only', async (_name, override) => {
    const response = await createSession({
      start_time: '11:30:00',
      end_time: '12:00:00',
      email: `urls-${Math.random()}@example.com`,
      ...override,
    });
    expect(response.status).toBe(201);
    const sessionId: string = response.body.result.session_id;
    expect(await localSession(sessionId)).toMatchObject({
      success_url: `${ORIGIN}/test-practice/payment-success?session_id=${sessionId}`,
      cancel_url: `${ORIGIN}/test-practice/payment-failed?session_id=${sessionId}`,
    });
    // Each case holds 11:30 anew: let it go for the next one.
    await ctx.db.query(`update appointments set status = 'cancelled' where payment_session_id = $1`, [sessionId]);
  });

  it('trusts only PUBLIC_URL, not a forged Host header, for the return URLs', async () => {
    const response = await postCheckout(
      ctx.app,
      {
        ...bookingBody({
          practice_id: ctx.practiceId,
          rfv_id: ctx.reasonId('Whitening'),
          start_time: '10:00:00',
          end_time: '10:30:00',
        }),
        success_url: 'http://evil.example/test-practice/payment-success',
        cancel_url: 'http://evil.example/test-practice/payment-failed',
      },
      { host: 'evil.example' },
    );
    expect(response.status).toBe(201);
    const sessionId: string = response.body.result.session_id;
    expect(response.body.result.url).toBe(`${ORIGIN}/_dev/checkout/${sessionId}`);
    expect((await localSession(sessionId)).success_url).toBe(
      `${ORIGIN}/test-practice/payment-success?session_id=${sessionId}`,
    );
  });

  it('refuses to book a paid reason through POST appointment without paying', async () => {
    const response = await postBooking(
      ctx.app,
      bookingBody({
        practice_id: ctx.practiceId,
        rfv_id: ctx.reasonId('Whitening'),
        start_time: '11:00:00',
        end_time: '11:30:00',
      }),
    );
    expect(response.status).toBe(400);
  });
});

describe('the local test checkout', () => {
  it('shows the amount with Pay and Cancel, and Pay confirms the booking once', async () => {
    const { body } = await createSession({ start_time: '13:00:00', end_time: '13:30:00', email: 'payer@example.com' });
    const sessionId: string = body.result.session_id;
    const page = await ctx.app.inject({ method: 'GET', url: `/_dev/checkout/${sessionId}` });
    expect(page.body).toContain('$75.00');
    expect(page.body).toContain('>Pay</button>');
    expect(page.body).toContain('>Cancel</button>');
    const pay = await pressCheckoutButton(ctx.app, sessionId, 'pay');
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`${ORIGIN}/test-practice/payment-success?session_id=${sessionId}`);
    expect(await appointmentOf(sessionId)).toMatchObject({ status: 'booked', payment_status: 'paid' });
    await expectSettledStatus(sessionId, { apt_booked: true, payment_status: 'paid', state: 'booked' });
    // The success page's booking with payment details completes nothing twice.
    const fromReturn = await bookOnReturn(sessionId);
    expect(fromReturn.statusCode).toBe(200);
    expect(fromReturn.json().result).toMatchObject({
      status: 'booked',
      apt_date: '2026-03-03',
      start_time: '13:00:00',
    });
    await deliverDueMessages(ctx.db, clock);
    const confirmations = await mailTo('payer@example.com');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain('Paid: $75.00');
  });

  it('Cancel keeps the appointment booked without payment and tells the practice', async () => {
    const { body } = await createSession({
      start_time: '14:00:00',
      end_time: '14:30:00',
      email: 'canceller@example.com',
    });
    const sessionId: string = body.result.session_id;
    const cancel = await pressCheckoutButton(ctx.app, sessionId, 'cancel');
    expect(cancel.headers.location).toBe(`${ORIGIN}/test-practice/payment-failed?session_id=${sessionId}`);
    expect(await appointmentOf(sessionId)).toMatchObject({ status: 'booked', payment_status: 'unpaid' });
    await deliverDueMessages(ctx.db, clock);
    expect(
      (await mailTo('office@test-practice.example')).some((m) => m.subject === 'Booked without payment: Ana Lopez'),
    ).toBe(true);
  });
});

describe('check-payment-status', () => {
  it('answers 404 for an unknown session or one of another practice, and 400 for a bad query', async () => {
    expect((await paymentStatus('cs_nope')).statusCode).toBe(404);
    const { body } = await createSession({ start_time: '15:00:00', end_time: '15:30:00' });
    const other = await paymentStatus(body.result.session_id, '00000000-0000-4000-8000-000000000000');
    expect(other.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/check-payment-status?session_id=x' })).statusCode,
    ).toBe(400);
    const open = await paymentStatus(body.result.session_id);
    expect(open.json()).toEqual({
      success: true,
      apt_booked: false,
      result: {
        payment_status: 'unpaid',
        appointment: {
          state: 'held',
          apt_date: '2026-03-03',
          start_time: '15:00:00',
          time_zone: 'America/New_York',
          held_until: '2026-03-02T12:41:00.000Z',
          can_retry_payment: true,
        },
      },
    });
  });
});

describe('holds', () => {
  it('releases an expired hold, and refunds a payment that arrives after the slot was taken', async () => {
    const { body } = await createSession({ start_time: '16:00:00', end_time: '16:30:00', email: 'late@example.com' });
    const sessionId: string = body.result.session_id;
    await expireAndGiveAway(sessionId, { start_time: '16:00:00', end_time: '16:30:00', email: 'taker@example.com' });
    // The local checkout takes no money for a hold that ran out...
    const refused = await pressCheckoutButton(ctx.app, sessionId, 'pay');
    expect(refused.statusCode).toBe(409);
    expect(await appointmentOf(sessionId)).toMatchObject({ status: 'expired' });
    // ...but a provider's late word that the money came (as Stripe's may) is still honoured:
    // found paid by the status check.
    await ctx.db.query(
      `update local_checkout_sessions set status = 'complete', payment_status = 'paid' where id = $1`,
      [sessionId],
    );
    // The provider says "paid", but the slot is gone: neither booked nor shown as paid.
    await expectSettledStatus(sessionId, { apt_booked: false, payment_status: 'refunded', state: 'released' });
    expect(await appointmentOf(sessionId)).toMatchObject({ status: 'refunded', payment_status: 'refund_pending' });
    const lateReturn = await bookOnReturn(sessionId);
    expect(lateReturn.statusCode).toBe(409);
    await runAppJobs(ctx, clock);
    expect(await appointmentOf(sessionId)).toMatchObject({ payment_status: 'refunded' });
    const [refundRow] = await ctx.db.query<{ refunded: boolean }>(
      'select refunded from local_checkout_sessions where id = $1',
      [sessionId],
    );
    expect(refundRow!.refunded).toBe(true);
    expect((await mailTo('late@example.com'))[0]!.subject).toBe('Your payment to Test Practice is being refunded');
    expect((await mailTo('late@example.com'))[0]!.text).toContain(
      'for your appointment on Tuesday, March 3, 2026 at 04:00 PM (EST) arrived after',
    );
    const lateId = String((await appointmentOf(sessionId)).id);
    const office = await mailTo('office@test-practice.example');
    expect(office.some((m) => m.subject === 'Late payment refunded: Ana Lopez' && m.text.includes(lateId))).toBe(true);
  });

  it('a late cancel after the hold ran out books the slot unpaid if free, else tells both it is not', async () => {
    const free = (await createSession({ start_time: '10:30:00', end_time: '11:00:00', email: 'late-free@example.com' }))
      .body.result.session_id as string;
    // Booked by a parent for their child: the e-mail greets the parent and names the child.
    const lost = (
      await createSession({
        start_time: '13:30:00',
        end_time: '14:00:00',
        email: 'late-lost@example.com',
        is_patient: false,
        booker_first_name: 'Maria',
        booker_last_name: 'Lopez',
        booker_dob: '1970-01-02',
      })
    ).body.result.session_id as string;
    await expireAndGiveAway(free, { start_time: '13:30:00', end_time: '14:00:00', email: 'taker2@example.com' });
    const cancel = (id: string) => pressCheckoutButton(ctx.app, id, 'cancel');
    await cancel(free);
    await cancel(lost);
    expect(await appointmentOf(free)).toMatchObject({ status: 'booked', payment_status: 'unpaid' });
    expect(await appointmentOf(lost)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    await deliverDueMessages(ctx.db, clock);
    const [lostMail] = await mailTo('late-lost@example.com');
    expect(lostMail!.subject).toBe('The appointment for Ana Lopez at Test Practice is not booked');
    expect(lostMail!.text).toMatch(/^Hello Maria,\n/);
    expect(lostMail!.text).toContain(
      'The online payment for the appointment for Ana Lopez on Tuesday, March 3, 2026 at 01:30 PM ' +
        '(EST) was not completed',
    );
    const office = await mailTo('office@test-practice.example');
    const lostId = String((await appointmentOf(lost)).id);
    const freeIdOfRow = String((await appointmentOf(free)).id);
    expect(office.some((m) => m.subject === 'Hold lost, not booked: Ana Lopez' && m.text.includes(lostId))).toBe(true);
    expect(office.some((m) => m.subject === 'Booked without payment: Ana Lopez' && m.text.includes(freeIdOfRow))).toBe(
      true,
    );
    expect(
      office.find((m) => m.subject === 'Booked without payment: Ana Lopez' && m.text.includes(freeIdOfRow))!.text,
    ).toContain('When: Tuesday, March 3, 2026 at 10:30 AM (EST)');
    expect(office.some((m) => m.subject === 'Booked without payment: Ana Lopez' && m.text.includes(lostId))).toBe(
      false,
    );
  });
});

describe('the success page reads what page 7 shows (ADR 0060)', () => {
  it("names the provider a First Available booking went to, and the booking's clinic", async () => {
    const { body } = await createSession({
      start_time: '15:00:00',
      end_time: '15:30:00',
      email: 'first-available@example.com',
      pms_prov_num: 0,
    });
    const sessionId: string = body.result.session_id;
    await pressCheckoutButton(ctx.app, sessionId, 'pay');
    const status = await paymentStatus(sessionId);
    const provNum = Number((await appointmentOf(sessionId)).pms_prov_num);
    expect(status.json().result.appointment).toMatchObject({
      provider_name: provNum === 1 ? 'Dr. One' : 'Dr. Two',
      clinic_num: null,
      time_zone: 'America/New_York',
    });
  });
});

/**
 * A checkout the patient cancels leaves a booking that stands, unpaid (ADR 0060): the patient gets
 * the confirmation any booking gets (the fee unpaid and how to pay), with its manage link, reference
 * and reminders, and the console lists the messages. On a day of its own (Thursday).
 */
describe('a checkout cancelled by the patient', () => {
  const holdAndCancel = async (startTime: string, email: string, language = 'en') => {
    const end = `${startTime.slice(0, 3)}30:00`;
    const { status, body } = await createSession({
      apt_date: '2026-03-05',
      start_time: startTime,
      end_time: end,
      email,
      language,
    });
    expect(status).toBe(201);
    const sessionId = body.result.session_id as string;
    await pressCheckoutButton(ctx.app, sessionId, 'cancel');
    return sessionId;
  };

  it('books unpaid and confirms it: the fee unpaid, the way to pay, the manage link and the reference', async () => {
    const row = await appointmentOf(await holdAndCancel('10:00:00', 'skip@example.com'));
    expect(row).toMatchObject({ status: 'booked', payment_status: 'unpaid' });
    await deliverDueMessages(ctx.db, clock);
    const mails = await mailTo('skip@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your appointment at Test Practice: Thursday, March 5, 2026 at 10:00 AM (EST)');
    expect(mails[0]!.text).toContain(`Reference: ${String(row.reference)}`);
    expect(mails[0]!.text).toContain('Not paid yet: $75.00');
    expect(mails[0]!.text).toContain('You can pay online with the link below, or at your visit.');
    expect(mails[0]!.text).toMatch(/To see, change or cancel your appointment: http:\/\/localhost:8080\/test-practice/);
    // The console's message history lists it on the booking.
    const delivered = await ctx.db.query<{ channel: string }>(
      'select channel from message_deliveries where appointment_id = $1 and practice_id = $2',
      [row.id, ctx.practiceId],
    );
    expect(delivered.some((d) => d.channel === 'email')).toBe(true);
  });

  it('plans the booking reminders', async () => {
    const row = await appointmentOf(await holdAndCancel('11:00:00', 'reminded@example.com'));
    const reminders = await ctx.db.query('select id from jobs where type = $1 and payload->>$2 = $3', [
      REMINDER_JOB,
      'appointmentId',
      row.id,
    ]);
    expect(reminders.length).toBeGreaterThan(0);
  });

  it('in Spanish, the confirmation says so in Spanish', async () => {
    await holdAndCancel('14:00:00', 'sin-pago@example.com', 'es');
    await deliverDueMessages(ctx.db, clock);
    const [mail] = await mailTo('sin-pago@example.com');
    expect(mail!.text).toContain('Pendiente de pago: $75.00');
    expect(mail!.text).toContain('Puede pagar en línea con el enlace de abajo o en su visita.');
  });

  it('paid later, sends a confirmation that says it is paid, after the one that said it was not', async () => {
    const sessionId = await holdAndCancel('15:00:00', 'later@example.com');
    await deliverDueMessages(ctx.db, clock);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/retry-session',
      payload: { session_id: sessionId, practice_id: ctx.practiceId },
    });
    expect(retry.statusCode).toBe(201);
    const pay = await pressCheckoutButton(ctx.app, retry.json().result.session_id, 'pay');
    expect(pay.statusCode).toBe(303);
    await deliverDueMessages(ctx.db, clock);
    const mails = await mailTo('later@example.com');
    expect(mails.map((m) => /Not paid yet: \$75\.00/.test(m.text))).toEqual([true, false]);
    expect(mails[1]!.text).toContain('Paid: $75.00');
  });
});
