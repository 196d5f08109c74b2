import { beforeEach, describe, expect, it } from 'vitest';
import { DECLARED_EDGES } from '#domain/booking/booking-lifecycle.ts';
import { runAppJobs } from '../../test/app-jobs.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { eventLinesOf } from '../../test/booking-events.ts';
import { bookVisit } from '../../test/booking-requests.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { practiceConfig } from '../../test/practice-factory.ts';
import { signIn, type StaffClient } from '../../test/staff-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../test/staff-test-app.ts';
import { fixedClock } from '../../test/test-app.ts';
import { mintBookingLink } from '../booking-links/booking-links.ts';
import { findBookingEvents } from './booking-events-repository.ts';

// Every path that changes a booking lands on a declared edge (ADR 0068) and writes its event (ADR 0069): the
// trigger of migration 0031 would refuse any other edge, and the events say who did what, in order.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ORIGIN = 'http://localhost:8080';
const FORM_POST = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
const ctx = withPracticesApp(
  [
    practiceConfig({
      reasons: [
        { name: 'Exam', final_duration: 30, to_show_providers: true, providers: [] },
        { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true, providers: [] },
      ],
    }),
  ],
  { clock },
);
const staff = withSignedInStaff(ctx);
beforeEach(() => clock.set('2026-03-02T12:00:00Z'));

const at = (start_time: string, email: string, apt_date = '2026-03-03') => ({
  apt_date,
  start_time,
  end_time: start_time,
  email,
  pms_prov_num: 1,
});
const book = (time: string, email: string, date?: string) =>
  bookVisit(ctx.app, { practiceId: ctx.practiceId, reasonId: ctx.examId, ...at(time, email, date) });

async function checkout(time: string, email: string): Promise<{ sessionId: string; id: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-session',
    payload: {
      ...bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasons.Whitening! }),
      ...at(time, email),
      success_url: `${ORIGIN}/test-practice/payment-success`,
      cancel_url: `${ORIGIN}/test-practice/payment-failed`,
    },
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  });
  expect(response.statusCode, response.body).toBe(201);
  const sessionId: string = response.json().result.session_id;
  const [row] = await ctx.db.query<{ id: string }>('select id from appointments where payment_session_id = $1', [
    sessionId,
  ]);
  return { sessionId, id: row!.id };
}
const checkoutButton = (sessionId: string, button: 'pay' | 'cancel') =>
  ctx.app.inject({ method: 'POST', url: `/_dev/checkout/${sessionId}/${button}`, headers: FORM_POST, payload: '' });
/** The provider's late word that the money came, found by the success page's status check. */
async function latePayment(sessionId: string) {
  await ctx.db.query(`update local_checkout_sessions set status = 'complete', payment_status = 'paid' where id = $1`, [
    sessionId,
  ]);
  await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stripe/check-payment-status?session_id=${sessionId}&practice_id=${ctx.practiceId}`,
  });
}
const releaseHolds = () =>
  ctx.app.background.periodic.find((task) => task.name === 'release expired payment holds')!.run();
async function manage(id: string, action: 'cancel' | 'reschedule', payload: object) {
  const token = await mintBookingLink(ctx.db, {
    appointmentId: id,
    purpose: 'manage',
    carriedBy: 'test',
    now: clock.now(),
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/appointment/manage/${token}/${action}`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}
async function desk(id: string, action: string, payload?: object, client: StaffClient = staff) {
  const response = await client.post(`/api/v1/staff/appointments/${id}/${action}`, payload);
  expect(response.statusCode, response.body).toBe(200);
}

describe('payments', () => {
  it('book, pay: created by the patient, paid by the payment', async () => {
    expect(await eventLinesOf(ctx.db, await book('09:00:00', 'book@example.com'))).toEqual(['booking.created patient']);
    const { sessionId, id } = await checkout('09:30:00', 'pay@example.com');
    expect((await checkoutButton(sessionId, 'pay')).statusCode).toBe(303);
    expect(await eventLinesOf(ctx.db, id)).toEqual(['booking.created patient', 'payment.succeeded payment']);
  });

  it('a checkout that ends unpaid is booked unpaid', async () => {
    const { sessionId, id } = await checkout('10:00:00', 'unpaid@example.com');
    await checkoutButton(sessionId, 'cancel');
    expect(await eventLinesOf(ctx.db, id)).toEqual(['booking.created patient', 'booking.booked_unpaid payment']);
  });

  it('expire, then late pay while the time is free: booked after all (expired → booked)', async () => {
    const { sessionId, id } = await checkout('10:30:00', 'late@example.com');
    clock.advance(42 * 60_000);
    await releaseHolds();
    await latePayment(sessionId);
    expect(await eventLinesOf(ctx.db, id)).toEqual([
      'booking.created patient',
      'booking.expired system',
      'payment.succeeded payment',
    ]);
    const [last] = (await findBookingEvents(ctx.db, id)).slice(-1);
    expect([last!.before!.status, last!.after.status]).toEqual(['expired', 'booked']);
  });

  it('expire, the time taken, late pay: refunded (expired → refunded)', async () => {
    const { sessionId, id } = await checkout('11:00:00', 'refund@example.com');
    clock.advance(42 * 60_000);
    await releaseHolds();
    await book('11:00:00', 'taker@example.com');
    await latePayment(sessionId);
    expect(await eventLinesOf(ctx.db, id)).toEqual([
      'booking.created patient',
      'booking.expired system',
      'payment.refunded payment',
    ]);
    // The refund job's provider call done: the money's own change, its status unchanged (ADR 0069).
    await runAppJobs(ctx, clock);
    const events = await findBookingEvents(ctx.db, id);
    expect(events.map((e) => `${e.type} ${e.after.status}`).slice(2)).toEqual([
      'payment.refunded refunded',
      'payment.refunded refunded',
    ]);
  });
});

describe('people', () => {
  it('cancel and reschedule by the patient', async () => {
    const moved = await book('13:00:00', 'moves@example.com');
    await manage(moved, 'reschedule', { apt_date: '2026-03-03', start_time: '13:30:00', pms_prov_num: 1 });
    await manage(moved, 'cancel', {});
    expect(await eventLinesOf(ctx.db, moved)).toEqual([
      'booking.created patient',
      'booking.rescheduled patient',
      'booking.cancelled patient',
    ]);
  });

  it('staff confirm, move and cancel, named by e-mail; a confirmed booking moved is booked again', async () => {
    const id = await book('14:00:00', 'desk@example.com');
    await desk(id, 'confirm');
    await desk(id, 'reschedule', { apt_date: '2026-03-03', start_time: '14:30:00', pms_prov_num: 1 });
    await desk(id, 'cancel', { reason: 'The patient phoned.' });
    const who = `staff:${staff.email}`;
    expect(await eventLinesOf(ctx.db, id)).toEqual([
      'booking.created patient',
      `booking.confirmed ${who}`,
      `booking.rescheduled ${who}`,
      `booking.cancelled ${who}`,
    ]);
    const moved = (await findBookingEvents(ctx.db, id))[2]!;
    expect([moved.before!.status, moved.after.status]).toEqual(['confirmed', 'booked']);
  });

  it('arrived and no-show, and their undo', async () => {
    const arrived = await book('09:00:00', 'arrives@example.com', '2026-03-02');
    const missed = await book('09:30:00', 'misses@example.com', '2026-03-02');
    clock.set('2026-03-02T15:00:00Z');
    // Signed in again: the visits have begun, hours after the file's sign-in.
    const later = await signIn(ctx.app, { email: staff.email, password: staff.password });
    for (const [id, action] of [
      [arrived, 'arrived'],
      [arrived, 'undo'],
      [missed, 'no-show'],
      [missed, 'undo'],
    ] as const)
      await desk(id, action, undefined, later);
    const who = `staff:${staff.email}`;
    expect(await eventLinesOf(ctx.db, arrived)).toEqual([
      'booking.created patient',
      `booking.arrived ${who}`,
      `booking.arrival_undone ${who}`,
    ]);
    expect(await eventLinesOf(ctx.db, missed)).toEqual([
      'booking.created patient',
      `booking.no_show ${who}`,
      `booking.no_show_undone ${who}`,
    ]);
  });

  it('First Available moved to another provider: the event names both', async () => {
    const id = await book('15:00:00', 'first@example.com');
    await book('15:30:00', 'takes-one@example.com');
    await manage(id, 'reschedule', { apt_date: '2026-03-03', start_time: '15:30:00', pms_prov_num: 0 });
    const [, moved] = await findBookingEvents(ctx.db, id);
    expect(moved).toMatchObject({ type: 'booking.rescheduled', before: { provider: 1 }, after: { provider: 2 } });
  });
});

describe('the database', () => {
  it('holds the same edges as the domain, and refuses any other with a clear error', async () => {
    const edges = await ctx.db.query<{ from_status: string; to_status: string }>(
      'select from_status, to_status from booking_status_edges',
    );
    const key = ([from, to]: readonly [string, string]) => `${from}→${to}`;
    expect(edges.map((e) => key([e.from_status, e.to_status])).sort()).toEqual(DECLARED_EDGES.map(key).sort());
    const id = await book('16:00:00', 'trigger@example.com');
    await expect(ctx.db.query(`update appointments set status = 'requested' where id = $1`, [id])).rejects.toThrow(
      'booking status booked -> requested is not a declared edge (ADR 0068)',
    );
  });
});
