import { z } from 'zod';
import type { MailAdapter, MailMessage } from '../adapters/mail/mail-adapter.ts';
import type { DeliveryResult } from '../adapters/mail/delivery-result.ts';
import type { SmsAdapter, SmsMessage } from '../adapters/sms/sms-adapter.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueJob, PermanentJobError, type JobHandler } from './job-queue.ts';

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

const SmsPayloadSchema = z.object({ to: z.string().min(1), text: z.string(), idempotencyKey: z.string().min(1) });

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

export async function enqueueSms(tx: Queryable, message: SmsMessage, options: SendOptions = {}): Promise<void> {
  const payload = SmsPayloadSchema.parse(message);
  await enqueueJob(tx, { type: SEND_SMS_JOB, payload, dedupeKey: messageJobKey('sms', message.idempotencyKey), ...jobOptions(options) });
}

/** Handlers for the worker: a retryable delivery failure is retried, any other ends the job. */
export function createMessageJobHandlers(adapters: { mail: MailAdapter; sms: SmsAdapter }): Record<string, JobHandler> {
  return {
    [SEND_EMAIL_JOB]: async (payload) => settle(await adapters.mail.send(parsePayload(EmailPayloadSchema, payload))),
    [SEND_SMS_JOB]: async (payload) => settle(await adapters.sms.send(parsePayload(SmsPayloadSchema, payload))),
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
