import { z } from 'zod';
import type { MailAdapter, MailMessage } from '../adapters/mail/mail-adapter.ts';
import type { DeliveryResult } from '../adapters/mail/delivery-result.ts';
import type { SmsAdapter, SmsMessage } from '../adapters/sms/sms-adapter.ts';
import type { Queryable } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { enqueueJob, PermanentJobError, type JobContext, type JobHandler, type SkippedJob } from './job-queue.ts';
import {
  beginHandoff,
  insertDelivery,
  recordHandoffOutcome,
  type DeliveryChannel,
  type DeliveryRow,
  type NewDelivery,
} from './message-deliveries-repository.ts';

export const SEND_EMAIL_JOB = 'email.send';
export const SEND_SMS_JOB = 'sms.send';

// About five hours of retries (30 s doubling to 1 h): rides out a provider outage of an evening.
const MESSAGE_MAX_ATTEMPTS = 12;

// Whose message it is, for its delivery record (absent on messages queued before reminders, ADR 0037).
const TRACKING_FIELDS = { practiceId: z.uuid().optional(), appointmentId: z.uuid().optional() };

const EmailPayloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), content: z.string(), contentType: z.string() })).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  idempotencyKey: z.string().min(1),
  ...TRACKING_FIELDS,
});

const SmsPayloadSchema = z.object({
  to: z.string().min(1),
  text: z.string(),
  idempotencyKey: z.string().min(1),
  // Whose text it is: its sender and the recipient's opt-out are looked up when it is sent. Absent
  // on texts queued before senders were per practice (ADR 0033): those go from TWILIO_FROM.
  isRequestedByPatient: z.boolean().optional(),
  ...TRACKING_FIELDS,
});

/** Who a message is about, for its delivery record: the practice and, where there is one, the booking. */
export interface MessageTracking {
  practiceId?: string | undefined;
  appointmentId?: string | undefined;
}

/** A text to queue: always on behalf of a practice. */
export interface QueuedSms extends Omit<SmsMessage, 'from'> {
  practiceId: string;
  appointmentId?: string | undefined;
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
  return {
    runAt: options.runAt,
    expiresAt: options.expiresAt,
    secretKeys: options.isSecret ? SECRET_MESSAGE_KEYS : undefined,
    maxAttempts: MESSAGE_MAX_ATTEMPTS,
  };
}

/**
 * Queues an e-mail in the caller's transaction. The idempotency key names the message
 * ("booking-confirmation:<appointment id>"): queuing it twice is a no-op, and every retry
 * carries it to the provider.
 */
export async function enqueueEmail(
  tx: Queryable,
  message: MailMessage & MessageTracking,
  options: SendOptions = {},
): Promise<void> {
  const payload = EmailPayloadSchema.parse(message);
  await enqueueJob(tx, {
    type: SEND_EMAIL_JOB,
    payload,
    dedupeKey: messageJobKey('email', message.idempotencyKey),
    ...jobOptions(options),
  });
  await insertDelivery(tx, deliveryOf('email', payload));
}

export async function enqueueSms(tx: Queryable, message: QueuedSms, options: SendOptions = {}): Promise<void> {
  const payload = SmsPayloadSchema.parse(message);
  await enqueueJob(tx, {
    type: SEND_SMS_JOB,
    payload,
    dedupeKey: messageJobKey('sms', message.idempotencyKey),
    ...jobOptions(options),
  });
  await insertDelivery(tx, deliveryOf('sms', payload));
}

const deliveryOf = (
  channel: DeliveryChannel,
  payload: { to: string; idempotencyKey: string } & MessageTracking,
  now?: Date,
): NewDelivery => ({
  channel,
  idempotencyKey: payload.idempotencyKey,
  practiceId: payload.practiceId ?? null,
  appointmentId: payload.appointmentId ?? null,
  recipient: payload.to,
  ...(now ? { now } : {}),
});

/**
 * Where message jobs keep each message's delivery (message_deliveries): `onTextFailed` hears of a
 * text that will not arrive (the provider refused it, or every attempt failed), so a reminder can
 * follow by e-mail.
 */
export interface DeliveryTracking {
  db: Queryable;
  clock: Clock;
  onTextFailed?(delivery: DeliveryRow): Promise<void>;
}

/**
 * Handlers for the worker: a retryable delivery failure is retried, any other ends the job.
 * Without `smsRules` (tests of other features) texts go from the adapter's default sender, unchecked.
 */
export function createMessageJobHandlers(
  adapters: { mail: MailAdapter; sms: SmsAdapter },
  smsRules?: SmsSendRules,
  tracking?: DeliveryTracking,
): Record<string, JobHandler> {
  const track = createHandoffTracker(tracking);
  return {
    [SEND_EMAIL_JOB]: async (payload, context) => {
      const { practiceId, appointmentId, ...message } = parsePayload(EmailPayloadSchema, payload);
      await track.handOff(deliveryOf('email', { ...message, practiceId, appointmentId }), context, () =>
        adapters.mail.send(message),
      );
    },
    [SEND_SMS_JOB]: async (payload, context): Promise<void | SkippedJob> => {
      const { practiceId, appointmentId, isRequestedByPatient, ...message } = parsePayload(SmsPayloadSchema, payload);
      const delivery = deliveryOf('sms', { ...message, practiceId, appointmentId });
      const findSent = (text: SmsMessage) =>
        adapters.sms.findSent ? (since: Date) => adapters.sms.findSent!(text, since) : undefined;
      if (!practiceId || !smsRules) {
        await track.handOff(delivery, context, () => adapters.sms.send(message), findSent(message));
        return;
      }
      // Looked up now, not when queued: an opt-out that arrives while a text waits stops it.
      const { from, hasOptedOut } = await smsRules.prepare(practiceId, message.to);
      if (hasOptedOut && !isRequestedByPatient) return track.skip(delivery, OPTED_OUT_NOTE);
      const sent = from ? { ...message, from } : message;
      const wasSent = await track.handOff(delivery, context, () => adapters.sms.send(sent), findSent(sent));
      if (from && wasSent) await smsRules.recordSent({ practiceId, to: message.to, from });
    },
  };
}

/**
 * Hands a message to its provider and keeps the outcome in its delivery row. A retry that finds
 * an unfinished hand-off (the worker died mid-send) first asks the provider, where it can, whether
 * the message arrived (`findSent`), so a crash does not send a reminder twice.
 */
function createHandoffTracker(tracking: DeliveryTracking | undefined) {
  return {
    async handOff(
      delivery: NewDelivery,
      context: JobContext,
      send: () => Promise<DeliveryResult>,
      findSent?: (since: Date) => Promise<string | null>,
    ): Promise<boolean> {
      if (!tracking) {
        settle(await send());
        return true;
      }
      const { db, clock } = tracking;
      const started = await beginHandoff(db, { ...delivery, now: clock.now() });
      if (started.status !== 'queued') return false;
      const earlier = started.unfinishedSince && findSent ? await findSent(started.unfinishedSince) : null;
      const result: DeliveryResult = earlier ? { ok: true, id: earlier } : await send();
      const isOver = result.ok || !result.retryable || context.isLastAttempt;
      const row = await recordHandoffOutcome(db, {
        channel: delivery.channel,
        idempotencyKey: delivery.idempotencyKey,
        now: clock.now(),
        status: result.ok ? 'sent' : isOver ? 'failed' : 'queued',
        providerMessageId: result.ok ? result.id : null,
        errorCode: result.ok ? null : (result.code ?? null),
        error: result.ok ? null : result.error,
      });
      if (!result.ok && isOver && row && delivery.channel === 'sms') await tracking.onTextFailed?.(row);
      settle(result);
      return true;
    },
    async skip(delivery: NewDelivery, note: string): Promise<SkippedJob> {
      if (tracking) {
        await beginHandoff(tracking.db, { ...delivery, now: tracking.clock.now() });
        await recordHandoffOutcome(tracking.db, {
          channel: delivery.channel,
          idempotencyKey: delivery.idempotencyKey,
          status: 'skipped',
          error: note,
          now: tracking.clock.now(),
        });
      }
      return { skipped: note };
    },
  };
}

function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  // The issue list names fields only; the payload itself holds patient data and stays out of errors.
  if (!parsed.success)
    throw new PermanentJobError(
      `Invalid message payload: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    );
  return parsed.data;
}

function settle(result: DeliveryResult): void {
  if (result.ok) return;
  throw result.retryable ? new Error(result.error) : new PermanentJobError(result.error);
}
