import { beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryResult } from '../../adapters/mail/delivery-result.ts';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import type { SmsAdapter } from '../../adapters/sms/sms-adapter.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../../jobs/message-jobs.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { sendOtp, verifyOtp, type Contact } from './verification-test-kit.ts';

// ADR 0012: "a provider failure becomes a clear error to the patient, never a hang" (ADR 0021).
// send-otp makes the first attempt itself and answers with its outcome.

const clock = fixedClock('2026-03-02T12:00:00Z');
const WAIT_MS = 300;
let practiceId: string;

/** Providers that answer what the test says next, recording every message. */
const sent: { channel: 'email' | 'sms'; to: string; text: string }[] = [];
let next: { result: DeliveryResult; delayMs?: number } = { result: { ok: true, id: 'm-1' } };
const answer = async (): Promise<DeliveryResult> => {
  const { result, delayMs } = next;
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  return result;
};
const mail: MailAdapter = {
  send: async (message) => (sent.push({ channel: 'email', to: message.to, text: message.text }), answer()),
};
const sms: SmsAdapter = {
  send: async (message) => (sent.push({ channel: 'sms', to: message.to, text: message.text }), answer()),
};

const ctx = withTestApp({
  clock,
  messageAdapters: { mail, sms },
  codeDelivery: { waitMs: WAIT_MS },
  seed: async (db) => {
    practiceId = (
      await importPractices(
        db,
        practiceConfig({ form_url: 'delivery', name: 'Delivery Dental', to_verify_patient: true }),
      )
    )['delivery']!;
  },
});
beforeEach(() => {
  sent.length = 0;
  next = { result: { ok: true, id: 'm-1' } };
});

let counter = 0;
const email = (): Contact => ({
  recipient: `delivery${++counter}@example.com`,
  verification_type: 'email',
  practice_id: practiceId,
});
const phone = (): Contact => ({
  recipient: `+1512555${String(1000 + ++counter)}`,
  verification_type: 'text',
  practice_id: practiceId,
});
const codeIn = (text: string) => /verification code is (\d{6})/.exec(text)?.[1] ?? '';
const jobsTo = (to: string) =>
  ctx.db.query<{ status: string; attempts: number; payload: Record<string, unknown> }>(
    `select status, attempts, payload from jobs where payload->>'to' = $1`,
    [to],
  );
const runWorker = () =>
  createJobWorker({
    db: ctx.db,
    clock,
    handlers: createMessageJobHandlers({ mail, sms }),
    logger: { warn: () => undefined, error: () => undefined },
  }).runDueJobs();

describe('send-otp delivers the code before it answers', () => {
  it('answers 200 once the provider took the message, sent once (no second send by a worker)', async () => {
    const contact = email();
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(await jobsTo(contact.recipient)).toMatchObject([{ status: 'done', attempts: 1 }]);
    clock.advance(2 * 60_000);
    await runWorker();
    expect(sent).toHaveLength(1);
    expect((await verifyOtp(ctx.app, contact, codeIn(sent[0]!.text))).status).toBe(200);
    clock.set('2026-03-02T12:00:00Z');
  });

  it.each([
    [
      'an e-mail address the mail server refuses (550)',
      email,
      'SMTP 550: mailbox unavailable',
      'We could not send the code to this email address. Please check it and try again.',
    ],
    [
      'a number Twilio refuses (400, not a mobile number)',
      phone,
      "Twilio 400 (21614): 'To' number is not a valid mobile number",
      'We could not send the code to this phone number. Please check it and try again.',
    ],
  ])(
    'refuses %s with 502 DELIVERY_FAILED, keeps no code and lets the patient send again at once',
    async (_name, contactOf, error, message) => {
      const contact = contactOf();
      next = { result: { ok: false, error, retryable: false } };
      const refused = await sendOtp(ctx.app, contact);
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ success: false, code: 'DELIVERY_FAILED', message });
      const [job] = await jobsTo(contact.recipient);
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
      expect(job!.payload).not.toHaveProperty('text');
      // The undelivered code was withdrawn: it cannot be used, and the cooldown was not spent.
      expect((await verifyOtp(ctx.app, contact, codeIn(sent[0]!.text))).status).toBe(400);
      next = { result: { ok: true, id: 'm-2' } };
      const again = await sendOtp(ctx.app, contact);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect((await verifyOtp(ctx.app, contact, codeIn(sent[1]!.text))).status).toBe(200);
    },
  );

  it('answers a provider outage with 502 and a try-again message, and no late code follows', async () => {
    const contact = email();
    next = { result: { ok: false, error: 'SMTP ECONNECTION: connect refused', retryable: true } };
    const refused = await sendOtp(ctx.app, contact);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('We could not send the code just now. Please try again in a moment.');
    next = { result: { ok: true, id: 'late' } };
    clock.advance(5 * 60_000);
    await runWorker();
    expect(sent).toHaveLength(1);
    expect(await jobsTo(contact.recipient)).toMatchObject([{ status: 'failed', attempts: 1 }]);
    clock.set('2026-03-02T12:00:00Z');
  });

  it('answers 200 when the provider is slow, and the attempt still completes once', async () => {
    const contact = email();
    next = { result: { ok: true, id: 'slow' }, delayMs: WAIT_MS * 4 };
    const started = Date.now();
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(WAIT_MS * 4);
    await expect.poll(async () => (await jobsTo(contact.recipient))[0]?.status, { timeout: 5_000 }).toBe('done');
    expect(sent).toHaveLength(1);
  });
});
