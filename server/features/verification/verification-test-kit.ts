import type { FastifyInstance } from 'fastify';
import { createOutboxMailAdapter } from '../../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../../adapters/sms/outbox-sms-adapter.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../../jobs/message-jobs.ts';
import { withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';

/** Test helpers for the one-time-code API: send, check, and read the code back from the outbox. */

export interface Contact {
  recipient: string;
  verification_type: 'email' | 'text';
  practice_id: string;
}

/** Two practices that ask for a code before booking (overrides of `practiceConfig`). */
export const VERIFYING_PRACTICES = [
  { form_url: 'verify-dental', name: 'Verify Dental', to_verify_patient: true },
  { form_url: 'other-verify', name: 'Other Verify', to_verify_patient: true },
];

/**
 * The app with the verifying practices (and `morePractices`) at a fixed noon, fresh e-mail contacts
 * `<prefix>N@example.com` at 'verify-dental', and the newest code sent to a recipient.
 */
export function withVerifyingApp(prefix: string, morePractices: Record<string, unknown>[] = []) {
  const clock = fixedClock('2026-03-02T12:00:00Z');
  const ctx = withPracticeApp({ clock, practices: [...VERIFYING_PRACTICES, ...morePractices] });
  const email = emailContacts(prefix, () => ctx.practiceIds['verify-dental']!);
  const code = (to: string) => latestCode(ctx.db, clock, to);
  return { clock, ctx, email, code };
}

/**
 * Fresh e-mail contacts (`<prefix>1@example.com`, `<prefix>2@…`), so the per-recipient limits of
 * one test do not reach the next; `practiceId` is read when a contact is made.
 */
export function emailContacts(prefix: string, practiceId: () => string) {
  let counter = 0;
  return (overrides: Partial<Contact> = {}): Contact => ({
    recipient: `${prefix}${++counter}@example.com`,
    verification_type: 'email',
    practice_id: practiceId(),
    ...overrides,
  });
}

const silent = { warn: () => undefined, error: () => undefined };

export async function sendOtp(app: FastifyInstance, contact: Contact) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/verify/send-otp', payload: { ...contact } });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

export async function verifyOtp(app: FastifyInstance, contact: Contact, otp: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/verify/verify-otp', payload: { ...contact, otp } });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** Runs the message jobs as the worker would and returns the texts of code messages to `to`, oldest first. */
export async function deliveredCodeMessages(db: Database, clock: Clock, to: string) {
  const worker = createJobWorker({
    db,
    clock,
    handlers: createMessageJobHandlers({ mail: createOutboxMailAdapter(db), sms: createOutboxSmsAdapter(db) }),
    logger: silent,
  });
  while ((await worker.runDueJobs()) > 0) {
    // until the queue is empty
  }
  return db.query<{ channel: string; recipient: string; subject: string | null; text: string }>(
    `select channel, recipient, subject, text from outbox_messages where recipient = $1 and text like
       '%verification code is%' order by seq`,
    [to],
  );
}

/** The newest code sent to `to`. */
export async function latestCode(db: Database, clock: Clock, to: string): Promise<string> {
  const messages = await deliveredCodeMessages(db, clock, to);
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`No code was sent to ${to}`);
  return code;
}

/** Sends a code and checks it: the verification token. */
export async function verificationToken(
  app: FastifyInstance,
  db: Database,
  clock: Clock,
  contact: Contact,
): Promise<string> {
  const sent = await sendOtp(app, contact);
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const checked = await verifyOtp(app, contact, await latestCode(db, clock, sent.body.result.recipient as string));
  if (checked.status !== 200) throw new Error(`verify-otp answered ${checked.status}: ${JSON.stringify(checked.body)}`);
  return checked.body.result.verification_token as string;
}
