import { z } from 'zod';
import type { MailAdapter, MailMessage } from '../adapters/mail/mail-adapter.ts';
import type { DeliveryResult } from '../adapters/mail/delivery-result.ts';
import type { SmsAdapter, SmsMessage } from '../adapters/sms/sms-adapter.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueJob, PermanentJobError, type JobHandler, type SkippedJob } from './job-queue.ts';

export const SEND_EMAIL_JOB = 'email.send';
export const SEND_SMS_JOB = 'sms.send';

// About five hours of retries (30 s doubling to 1 h): rides out a provider outage of an evening.
const MESSAGE_MAX_ATTEMPTS = 12;

const EmailPayloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), content: z.string(), contentType: z.string() })).optional(),
  idempotencyKey: z.string().min(1),
});

const SmsPayloadSchema = z.object({
  to: z.string().min(1),
  text: z.string(),
  idempotencyKey: z.string().min(1),
  // Whose text it is: its sender and the recipient's opt-out are looked up when it is sent. Absent
  // on texts queued before senders were per practice (issue 18): those go from TWILIO_FROM.
  practiceId: z.uuid().optional(),
  isRequestedByPatient: z.boolean().optional(),
});

/** A text to queue: always on behalf of a practice. */
export interface QueuedSms extends Omit<SmsMessage, 'from'> {
  practiceId: string;
  /**
   * The patient asked for this text just now (a one-time code): it goes even after an opt-out,
   * as asking is consent to this one message. Every other text honours the opt-out (ADR 0033).
   */
  isRequestedByPatient?: boolean;
}

/**
 * What text jobs need from the practices, passed in by the app (jobs never import features):
 * the sender and the recipient's opt-out at the moment of sending, and a record of what was sent.
 */
export interface SmsSendRules {
  /** `from`: the practice's own sender, else the deployment's; null when neither is known (the outbox). */
  prepare(practiceId: string, to: string): Promise<{ from: string | null; hasOptedOut: boolean }>;
  /** After the provider took the text; reports its own failures, since the text is already out. */
  recordSent(sent: { practiceId: string; to: string; from: string }): Promise<void>;
}

export const OPTED_OUT_NOTE = "Not sent: the recipient opted out of this practice's texts.";

interface SendOptions {
  /** Absent: at once. */
  runAt?: Date;
  /** No attempt at or after this (a one-time code that has expired); the job then fails. */
  expiresAt?: Date;
  /**
   * The message carries a secret (a one-time code): its text is removed from the job's payload
   * once the job is done or failed, so it does not stay in the jobs table.
   */
  isSecret?: boolean;
}

// The fields that can carry a secret; `to` and the idempotency key stay for operators.
const SECRET_MESSAGE_KEYS = ['subject', 'text', 'html'] as const;

/** The job's dedupe key for a message: one job per message name, however often it is queued. */
export function messageJobKey(channel: 'email' | 'sms', idempotencyKey: string): string {
  return `${channel}:${idempotencyKey}`;
}

function jobOptions(options: SendOptions) {
  return { runAt: options.runAt, expiresAt: options.expiresAt, secretKeys: options.isSecret ? SECRET_MESSAGE_KEYS : undefined, maxAttempts: MESSAGE_MAX_ATTEMPTS };
}

/**
 * Queues an e-mail in the caller's transaction. The idempotency key names the message
 * ("booking-confirmation:<appointment id>"): queuing it twice is a no-op, and every retry
 * carries it to the provider.
 */
export async function enqueueEmail(tx: Queryable, message: MailMessage, options: SendOptions = {}): Promise<void> {
  const payload = EmailPayloadSchema.parse(message);
  await enqueueJob(tx, { type: SEND_EMAIL_JOB, payload, dedupeKey: messageJobKey('email', message.idempotencyKey), ...jobOptions(options) });
}

export async function enqueueSms(tx: Queryable, message: QueuedSms, options: SendOptions = {}): Promise<void> {
  const payload = SmsPayloadSchema.parse(message);
  await enqueueJob(tx, { type: SEND_SMS_JOB, payload, dedupeKey: messageJobKey('sms', message.idempotencyKey), ...jobOptions(options) });
}

/**
 * Handlers for the worker: a retryable delivery failure is retried, any other ends the job.
 * Without `smsRules` (tests of other features) texts go from the adapter's default sender, unchecked.
 */
export function createMessageJobHandlers(adapters: { mail: MailAdapter; sms: SmsAdapter }, smsRules?: SmsSendRules): Record<string, JobHandler> {
  return {
    [SEND_EMAIL_JOB]: async (payload) => settle(await adapters.mail.send(parsePayload(EmailPayloadSchema, payload))),
    [SEND_SMS_JOB]: async (payload): Promise<void | SkippedJob> => {
      const { practiceId, isRequestedByPatient, ...message } = parsePayload(SmsPayloadSchema, payload);
      if (!practiceId || !smsRules) return settle(await adapters.sms.send(message));
      // Looked up now, not when queued: an opt-out that arrives while a text waits stops it.
      const { from, hasOptedOut } = await smsRules.prepare(practiceId, message.to);
      if (hasOptedOut && !isRequestedByPatient) return { skipped: OPTED_OUT_NOTE };
      settle(await adapters.sms.send(from ? { ...message, from } : message));
      if (from) await smsRules.recordSent({ practiceId, to: message.to, from });
    },
  };
}

function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  // The issue list names fields only; the payload itself holds patient data and stays out of errors.
  if (!parsed.success) throw new PermanentJobError(`Invalid message payload: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  return parsed.data;
}

function settle(result: DeliveryResult): void {
  if (result.ok) return;
  throw result.retryable ? new Error(result.error) : new PermanentJobError(result.error);
}
