import { describe, expect, it } from 'vitest';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { bookVisit } from '../../test/booking-requests.ts';
import { deliverDueMessages } from '../../test/message-delivery.ts';
import { withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';

/** ADR 0034: the patient's messages name the reason in the booking's language; the practice's stay English. */

const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withPracticeApp({
  clock,
  practices: [
    {
      notification_email: 'office@test-practice.example',
      reasons: [
        {
          name: 'Exam',
          final_duration: 30,
          to_show_providers: true,
          providers: [],
          translations: { es: { name: 'Examen general' } },
        },
        {
          name: 'Whitening',
          final_duration: 30,
          amount: 75,
          is_payment_enabled: true,
          translations: { es: { name: 'Blanqueamiento' } },
        },
      ],
    },
  ],
});

async function bookAndSend(overrides: Record<string, unknown>) {
  await ctx.db.query('delete from outbox_messages');
  await bookVisit(ctx.app, { practiceId: ctx.practiceId, reasonId: ctx.reasonId('Exam'), ...overrides });
  return sendMessages();
}

/** The checkout pages the paid bookings below were sent to (the line the patient pays for). */
const checkoutPages: string[] = [];

/** A paid booking through the local checkout: its messages go when the payment completes. */
async function payAndSend(overrides: Record<string, unknown>) {
  await ctx.db.query('delete from outbox_messages');
  const origin = 'http://localhost:8080';
  const session = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-session',
    payload: {
      ...bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Whitening') }),
      success_url: `${origin}/test-practice/payment-success`,
      cancel_url: `${origin}/test-practice/payment-failed`,
      ...overrides,
    },
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  });
  expect(session.statusCode).toBe(201);
  const sessionId: string = session.json().result.session_id;
  const page = await ctx.app.inject({ method: 'GET', url: `/_dev/checkout/${sessionId}` });
  checkoutPages.push(page.body);
  const pay = await ctx.app.inject({
    method: 'POST',
    url: `/_dev/checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    payload: '',
  });
  expect(pay.statusCode).toBe(303);
  return sendMessages();
}

async function sendMessages() {
  await deliverDueMessages(ctx.db, clock);
  const messages = await ctx.db.query<{
    recipient: string;
    text: string;
    attachments: { content: string }[] | null;
  }>('select recipient, text, attachments from outbox_messages order by seq');
  return {
    toPatient: messages.find((m) => m.recipient === 'ana.lopez@example.com')!,
    toPractice: messages.find((m) => m.recipient === 'office@test-practice.example')!,
  };
}

describe('the reason in booking messages', () => {
  it('is named in Spanish for a patient who booked in Spanish, and in English for the practice', async () => {
    const { toPatient, toPractice } = await bookAndSend({
      start_time: '09:00:00',
      end_time: '09:30:00',
      language: 'es',
    });
    expect(toPatient.text).toContain('Examen general');
    expect(toPatient.attachments![0]!.content).toContain('SUMMARY:Examen general');
    expect(toPractice.text).toContain('Reason: Exam\n');
    expect(toPractice.text).not.toContain('Examen');
  });

  it('is named in English for a patient who booked in English', async () => {
    const { toPatient, toPractice } = await bookAndSend({
      start_time: '10:00:00',
      end_time: '10:30:00',
      language: 'en',
    });
    expect(toPatient.text).toContain('Reason: Exam\n');
    expect(toPatient.text).not.toContain('Examen');
    expect(toPractice.text).not.toContain('Examen');
  });

  it('is named in Spanish in the confirmation of a paid booking in Spanish, in English for the practice', async () => {
    const { toPatient, toPractice } = await payAndSend({
      start_time: '11:00:00',
      end_time: '11:30:00',
      language: 'es',
    });
    expect(toPatient.text).toContain('Blanqueamiento');
    expect(toPatient.text).toContain('$75.00');
    expect(toPractice.text).toContain('Reason: Whitening\n');
    expect(toPractice.text).not.toContain('Blanqueamiento');
    expect(checkoutPages.at(-1)).toContain('<p>Blanqueamiento en ');
  });
});
