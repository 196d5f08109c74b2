import { describe, expect, it } from 'vitest';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import { createOutboxSmsAdapter } from '../../adapters/sms/outbox-sms-adapter.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../../jobs/message-jobs.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { latestCode, sendOtp, verifyOtp, type Contact } from './verification-test-kit.ts';

// ADR 0012: "The code is never stored in clear". The code message's job loses the code once it is
// done or failed, and it dies with the code: no attempt after the code's 10 minutes.

const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;

const ctx = withTestApp({
  clock,
  // The workers' path: every attempt by a worker, as after a process died before its own first attempt.
  codeDelivery: false,
  seed: async (db) => {
    const ids = await importPractices(
      db,
      practiceConfig({ form_url: 'code-jobs', name: 'Code Jobs Dental', to_verify_patient: true }),
    );
    practiceId = ids['code-jobs']!;
  },
});

let counter = 0;
const email = (): Contact => ({
  recipient: `code-jobs${++counter}@example.com`,
  verification_type: 'email',
  practice_id: practiceId,
});
const silent = { warn: () => undefined, error: () => undefined };

/** A worker whose mail adapter records every attempt and answers with `result`. */
function workerWithMail(result: Awaited<ReturnType<MailAdapter['send']>>) {
  const attempts: string[] = [];
  const mail: MailAdapter = {
    send: async (message) => {
      attempts.push(message.text);
      return result;
    },
  };
  const worker = createJobWorker({
    db: ctx.db,
    clock,
    handlers: createMessageJobHandlers({ mail, sms: createOutboxSmsAdapter(ctx.db) }),
    logger: silent,
    random: () => 0,
  });
  return { attempts, worker };
}

async function jobsFor(to: string) {
  return ctx.db.query<{ status: string; attempts: number; payload: Record<string, unknown>; row: string }>(
    `select status, attempts, payload, jobs::text as row from jobs where payload->>'to' = $1`,
    [to],
  );
}

async function jobRowsContaining(text: string) {
  return ctx.db.query<{ id: string }>(`select id from jobs where position($1 in jobs::text) > 0`, [text]);
}

describe('the code message job', () => {
  it('keeps no row of jobs with the code once the message was delivered (e-mail and SMS)', async () => {
    const byEmail = email();
    const sentByEmail = await sendOtp(ctx.app, byEmail);
    const bySms: Contact = { recipient: '+15125550177', verification_type: 'text', practice_id: practiceId };
    const sentBySms = await sendOtp(ctx.app, bySms);
    expect([sentByEmail.status, sentBySms.status]).toEqual([200, 200]);

    const emailCode = await latestCode(ctx.db, clock, byEmail.recipient);
    const smsCode = await latestCode(ctx.db, clock, '+15125550177');
    expect(await jobRowsContaining(emailCode)).toEqual([]);
    expect(await jobRowsContaining(smsCode)).toEqual([]);
    const [emailJob] = await jobsFor(byEmail.recipient);
    expect(emailJob).toMatchObject({ status: 'done', attempts: 1 });
    expect(emailJob!.payload).toEqual({
      to: byEmail.recipient,
      idempotencyKey: expect.stringMatching(/^verification-code:/),
    });
    // The delivered code still works: scrubbing the job touches nothing else.
    expect((await verifyOtp(ctx.app, byEmail, emailCode)).status).toBe(200);
  });

  it('makes no attempt after the code expired, and the dead job holds no code', async () => {
    const contact = email();
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    const [queued] = await jobsFor(contact.recipient);
    const code = /verification code is (\d{6})/.exec(String(queued!.payload.text))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    clock.advance(10 * 60_000);
    const { attempts, worker } = workerWithMail({ ok: true, id: 'never' });
    await worker.runDueJobs();

    expect(attempts).toEqual([]);
    const [dead] = await jobsFor(contact.recipient);
    expect(dead).toMatchObject({ status: 'failed', attempts: 0 });
    expect(await jobRowsContaining(code!)).toEqual([]);
  });

  it('stops retrying a failing provider at the code expiry and scrubs the code', async () => {
    const contact = email();
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    const { attempts, worker } = workerWithMail({
      ok: false,
      error: 'SMTP ECONNECTION: connect refused',
      retryable: true,
    });
    const start = clock.now().getTime();
    // Retries come after 30 s, 1, 2 and 4 minutes; the next (8 minutes) would be after the expiry.
    for (let minute = 0; minute <= 60; minute += 1) {
      await worker.runDueJobs();
      clock.advance(60_000);
    }

    expect(attempts).toHaveLength(5);
    const [failed] = await jobsFor(contact.recipient);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 });
    const code = /verification code is (\d{6})/.exec(attempts[0]!)?.[1];
    expect(await jobRowsContaining(code!)).toEqual([]);
    expect(failed!.payload).not.toHaveProperty('text');
    expect(clock.now().getTime() - start).toBeGreaterThan(10 * 60_000);
  });

  it('scrubs the code when the provider refuses the recipient for good', async () => {
    const contact = email();
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    const { attempts, worker } = workerWithMail({
      ok: false,
      error: 'SMTP 550: mailbox unavailable',
      retryable: false,
    });
    await worker.runDueJobs();

    expect(attempts).toHaveLength(1);
    const [failed] = await jobsFor(contact.recipient);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await jobRowsContaining(/verification code is (\d{6})/.exec(attempts[0]!)![1]!)).toEqual([]);
  });
});
