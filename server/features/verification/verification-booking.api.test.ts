import { describe, expect, it } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { VERIFICATION_TOKEN_HEADER } from '#domain/verification/verification-schemas.ts';
import { fixedClock } from '../../test/test-app.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { verificationToken, VERIFYING_PRACTICES, type Contact } from './verification-test-kit.ts';
import { withPracticeApp } from '../../test/practice-app.ts';
import { reasonId } from '../../test/practice-factory.ts';

// Monday 2 March 2026, 07:00 in New York; the factory books Tuesday 3 March.
const clock = fixedClock('2026-03-02T12:00:00Z');
const reasons: Record<string, string> = {};

const ctx = withPracticeApp({
  clock,
  practices: [...VERIFYING_PRACTICES, { form_url: 'test-practice', to_verify_patient: false }],
  seed: async (db, practiceIds) => {
    for (const [slug, id] of Object.entries(practiceIds)) reasons[slug] = await reasonId(db, id, 'Exam');
  },
});

let slot = 0;
/** A booking at the next free half hour of Dr. One (lunch skipped), so tests do not collide on slots. */
function booking(slug: string, overrides: Partial<BookingBodyInput> = {}): BookingBodyInput {
  // 14 half hours a day (09:00-12:00, 13:00-17:00), Tuesday to Friday of the first week.
  const index = slot++;
  let minutes = 9 * 60 + 30 * (index % 14);
  if (minutes >= 12 * 60) minutes += 60;
  const apt_date = `2026-03-0${3 + Math.floor(index / 14)}`;
  const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
  return bookingBody({
    practice_id: ctx.practiceIds[slug]!,
    rfv_id: reasons[slug]!,
    apt_date,
    start_time: time(minutes),
    end_time: time(minutes + 30),
    ...overrides,
  });
}

async function book(body: BookingBodyInput, token?: string) {
  const headers: Record<string, string> = { 'x-bot-challenge': await solveBotChallenge(ctx.app) };
  if (token !== undefined) headers[VERIFICATION_TOKEN_HEADER] = token;
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/appointment', payload: body, headers });
  return { status: response.statusCode, body: response.json() };
}

const tokenFor = (contact: Contact) => verificationToken(ctx.app, ctx.db, clock, contact);
const byEmail = (slug: string, recipient = 'ana.lopez@example.com'): Contact => ({
  recipient,
  verification_type: 'email',
  practice_id: ctx.practiceIds[slug]!,
});
const countAppointments = async (slug: string) =>
  (await ctx.db.query('select 1 from appointments where practice_id = $1', [ctx.practiceIds[slug]])).length;
// Each token costs a send: keep the per-recipient limits out of the way between tests.
const nextTest = () => clock.advance(11 * 60_000);

describe('booking at a practice that verifies patients', () => {
  it('refuses a booking without a token with 403 VERIFICATION_REQUIRED, and books nothing', async () => {
    const before = await countAppointments('verify-dental');
    const refused = await book(booking('verify-dental'));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      code: 'VERIFICATION_REQUIRED',
      message: 'Please verify your email address or phone number before booking.',
    });
    expect(await countAppointments('verify-dental')).toBe(before);
  });

  it('books with a token for the booking e-mail', async () => {
    nextTest();
    const token = await tokenFor(byEmail('verify-dental', 'Ana.Lopez@Example.com'));
    const booked = await book(booking('verify-dental'), token);
    expect(booked.status).toBe(201);
    expect(booked.body.result.status).toBe('booked');
  });

  it('books with a token for the booking phone, written without +1', async () => {
    nextTest();
    const token = await tokenFor({
      recipient: '+15125550123',
      verification_type: 'text',
      practice_id: ctx.practiceIds['verify-dental']!,
    });
    expect((await book(booking('verify-dental', { wireless_phone: '5125550123' }), token)).status).toBe(201);
  });

  it('accepts a token again after SLOT_TAKEN (the 409 spent nothing), then books one appointment with it', async () => {
    nextTest();
    const taken = booking('verify-dental', { email: 'zoe@example.com', first_name: 'Zoe' });
    expect((await book(taken, await tokenFor(byEmail('verify-dental', 'zoe@example.com')))).status).toBe(201);
    nextTest();
    const token = await tokenFor(byEmail('verify-dental'));
    const lost = await book({ ...taken, email: 'ana.lopez@example.com', first_name: 'Ana' }, token);
    expect(lost.status).toBe(409);
    expect((await book(booking('verify-dental'), token)).status).toBe(201);
    const before = await countAppointments('verify-dental');
    const again = await book(booking('verify-dental'), token);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({
      success: false,
      code: 'VERIFICATION_REQUIRED',
      message:
        'This verification was already used for a booking. Please verify your email address or phone number again.',
    });
    expect(await countAppointments('verify-dental')).toBe(before);
  });

  it('refuses a spent token even when two bookings race with it: exactly one books', async () => {
    nextTest();
    const token = await tokenFor(byEmail('verify-dental'));
    const results = await Promise.all([book(booking('verify-dental'), token), book(booking('verify-dental'), token)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
  });

  it('refuses another spelling of a genuine token', async () => {
    nextTest();
    const token = await tokenFor(byEmail('verify-dental'));
    const refused = await book(booking('verify-dental'), `${token}=`);
    expect(refused.status).toBe(403);
    expect((await book(booking('verify-dental'), token)).status).toBe(201);
  });

  it('refuses a token for another practice', async () => {
    nextTest();
    const token = await tokenFor(byEmail('other-verify'));
    const refused = await book(booking('verify-dental'), token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('VERIFICATION_REQUIRED');
  });

  it('refuses a token for another e-mail or phone', async () => {
    nextTest();
    const token = await tokenFor(byEmail('verify-dental', 'someone.else@example.com'));
    const refused = await book(booking('verify-dental'), token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'The verified contact does not match the email address or phone number of this booking. Please verify it again.',
    );
    const phoneToken = await tokenFor({
      recipient: '+15125550999',
      verification_type: 'text',
      practice_id: ctx.practiceIds['verify-dental']!,
    });
    expect((await book(booking('verify-dental'), phoneToken)).status).toBe(403);
  });

  it('refuses a token after 30 minutes', async () => {
    nextTest();
    const token = await tokenFor(byEmail('verify-dental'));
    clock.advance(30 * 60_000);
    const refused = await book(booking('verify-dental'), token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your verification has expired or is not valid here. Please verify your contact again.',
    );
  });

  it('refuses a forged or altered token', async () => {
    nextTest();
    const token = await tokenFor(byEmail('verify-dental', 'mallory@example.com'));
    const [, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    const alteredClaims = Buffer.from(JSON.stringify({ ...claims, r: 'ana.lopez@example.com' })).toString('base64url');
    const altered = `${alteredClaims}.${signature}`;
    expect((await book(booking('verify-dental'), altered)).status).toBe(403);
    expect((await book(booking('verify-dental'), 'not-a-token')).status).toBe(403);
  });
});

describe('booking at a practice that does not verify', () => {
  it('books without a token', async () => {
    expect((await book(booking('test-practice'))).status).toBe(201);
  });
});

describe('the payment session at a practice that verifies patients', () => {
  it('refuses to hold a slot without a token, and holds it with one', async () => {
    nextTest();
    const paid = (
      await ctx.db.query<{ id: string }>(
        `insert into reasons_for_visit (practice_id, name, final_duration, amount_cents, is_payment_enabled)
           values ($1, 'Paid Exam', 30, 5000, true) returning id`,
        [ctx.practiceIds['verify-dental']],
      )
    )[0]!.id;
    const session = async (token?: string) => {
      const headers: Record<string, string> = { 'x-bot-challenge': await solveBotChallenge(ctx.app) };
      if (token !== undefined) headers[VERIFICATION_TOKEN_HEADER] = token;
      const payload = {
        ...booking('verify-dental', { rfv_id: paid }),
        success_url: 'http://localhost:8080/verify-dental/payment-success',
        cancel_url: 'http://localhost:8080/verify-dental/payment-failed',
      };
      return ctx.app.inject({ method: 'POST', url: '/api/v1/stripe/create-session', payload, headers });
    };
    const refused = await session();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('VERIFICATION_REQUIRED');
    const held = await session(await tokenFor(byEmail('verify-dental')));
    expect(held.statusCode).toBe(201);
  });

  it('spends the token when the paid booking commits, not when the slot is held', async () => {
    nextTest();
    const paid = (
      await ctx.db.query<{ id: string }>(
        `select id from reasons_for_visit where practice_id = $1 and name = 'Paid Exam'`,
        [ctx.practiceIds['verify-dental']],
      )
    )[0]!.id;
    const token = await tokenFor(byEmail('verify-dental'));
    const hold = async () => {
      const payload = {
        ...booking('verify-dental', { rfv_id: paid }),
        success_url: 'http://localhost:8080/verify-dental/payment-success',
        cancel_url: 'http://localhost:8080/verify-dental/payment-failed',
      };
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/create-session',
        payload,
        headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app), [VERIFICATION_TOKEN_HEADER]: token },
      });
    };
    // A hold that is abandoned spends nothing: a second hold with the same token is accepted.
    expect((await hold()).statusCode).toBe(201);
    const second = await hold();
    expect(second.statusCode).toBe(201);
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/_dev/checkout/${second.json().result.session_id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    const after = await book(booking('verify-dental'), token);
    expect(after.status).toBe(403);
    expect(after.body.message).toBe(
      'This verification was already used for a booking. Please verify your email address or phone number again.',
    );
    expect((await hold()).statusCode).toBe(403);
  });
});
