import { describe, expect, it } from 'vitest';
import { createOutboxMailAdapter } from '../../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../../adapters/sms/outbox-sms-adapter.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../../jobs/message-jobs.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';
import { REMINDER_JOB } from '../reminders/reminder-jobs.ts';

/**
 * A checkout the patient cancels leaves a booking that stands, unpaid (ADR 0060): the patient gets
 * the confirmation a booking gets (saying the fee is unpaid and how to pay), with its manage link,
 * reference and reminders, and the console lists the messages.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const ORIGIN = 'http://localhost:8080';
let practiceId: string;
let paidId: string;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    practiceId = (
      await importPractices(
        db,
        practiceConfig({
          notification_email: 'office@test-practice.example',
          reasons: [{ name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true }],
        }),
      )
    )['test-practice']!;
    paidId = await reasonId(db, practiceId, 'Whitening');
  },
});

async function holdAndCancel(overrides: Record<string, unknown>): Promise<string> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-session',
    payload: {
      ...bookingBody({ practice_id: practiceId, rfv_id: paidId }),
      success_url: `${ORIGIN}/test-practice/payment-success`,
      cancel_url: `${ORIGIN}/test-practice/payment-failed`,
      ...overrides,
    },
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  });
  expect(created.statusCode).toBe(201);
  const sessionId = created.json().result.session_id as string;
  await ctx.app.inject({
    method: 'POST',
    url: `/_dev/checkout/${sessionId}/cancel`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: '',
  });
  return sessionId;
}

const runJobs = () =>
  createJobWorker({
    db: ctx.db,
    clock,
    handlers: createMessageJobHandlers({ mail: createOutboxMailAdapter(ctx.db), sms: createOutboxSmsAdapter(ctx.db) }),
    logger: { warn: () => undefined, error: () => undefined },
  }).runDueJobs();

const rowOf = async (sessionId: string) =>
  (
    await ctx.db.query<{ id: string; reference: string; status: string; payment_status: string }>(
      'select id, reference, status, payment_status from appointments where payment_session_id = $1',
      [sessionId],
    )
  )[0]!;

describe('a checkout cancelled by the patient', () => {
  it('books unpaid and sends the confirmation with the fee unpaid, the way to pay, the link and reference', async () => {
    const sessionId = await holdAndCancel({ start_time: '10:00:00', end_time: '10:30:00', email: 'skip@example.com' });
    const row = await rowOf(sessionId);
    expect(row).toMatchObject({ status: 'booked', payment_status: 'unpaid' });
    await runJobs();
    const mails = await ctx.db.query<{ subject: string; text: string }>(
      'select subject, text from outbox_messages where recipient = $1 order by seq',
      ['skip@example.com'],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your appointment at Test Practice: Tuesday, March 3, 2026 at 10:00 AM (EST)');
    expect(mails[0]!.text).toContain(`Reference: ${row.reference}`);
    expect(mails[0]!.text).toContain('Not paid yet: $75.00');
    expect(mails[0]!.text).toContain('You can pay online with the link below, or at your visit.');
    expect(mails[0]!.text).toMatch(/To see, change or cancel your appointment: http:\/\/localhost:8080\/test-practice/);
    // The console's message history lists it on the booking.
    const delivered = await ctx.db.query<{ channel: string }>(
      'select channel from message_deliveries where appointment_id = $1 and practice_id = $2',
      [row.id, practiceId],
    );
    expect(delivered.some((d) => d.channel === 'email')).toBe(true);
  });

  it('plans the booking reminders', async () => {
    const sessionId = await holdAndCancel({ start_time: '11:00:00', end_time: '11:30:00', email: 'twice@example.com' });
    const row = await rowOf(sessionId);
    const reminders = await ctx.db.query('select id from jobs where type = $1 and payload->>$2 = $3', [
      REMINDER_JOB,
      'appointmentId',
      row.id,
    ]);
    expect(reminders.length).toBeGreaterThan(0);
  });

  it('in Spanish, the confirmation says so in Spanish', async () => {
    const sessionId = await holdAndCancel({
      start_time: '14:00:00',
      end_time: '14:30:00',
      email: 'sin-pago@example.com',
      language: 'es',
    });
    await runJobs();
    const [mail] = await ctx.db.query<{ text: string }>('select text from outbox_messages where recipient = $1', [
      'sin-pago@example.com',
    ]);
    expect((await rowOf(sessionId)).status).toBe('booked');
    expect(mail!.text).toContain('Pendiente de pago: $75.00');
    expect(mail!.text).toContain('Puede pagar en línea con el enlace de abajo o en su visita.');
  });
});

describe('paying later for a booking left unpaid', () => {
  it('sends a confirmation that says it is paid, after the one that said it was not', async () => {
    const sessionId = await holdAndCancel({ start_time: '15:00:00', end_time: '15:30:00', email: 'later@example.com' });
    await runJobs();
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/retry-session',
      payload: { session_id: sessionId, practice_id: practiceId },
    });
    expect(retry.statusCode).toBe(201);
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/_dev/checkout/${retry.json().result.session_id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    await runJobs();
    const mails = await ctx.db.query<{ text: string }>(
      'select text from outbox_messages where recipient = $1 order by seq',
      ['later@example.com'],
    );
    expect(mails.map((m) => /Not paid yet: \$75\.00/.test(m.text))).toEqual([true, false]);
    expect(mails[1]!.text).toContain('Paid: $75.00');
  });
});
