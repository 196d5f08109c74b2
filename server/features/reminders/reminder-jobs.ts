import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { z } from 'zod';
import { normalisePhone } from '#domain/verification/contact-normalisation.ts';
import { unsubscribeApiPath, unsubscribePagePath } from '#domain/reminders/unsubscribe-schemas.ts';
import {
  planReminders,
  REMINDER_CHANNELS,
  sendDecision,
  type ReminderChannel,
} from '#domain/reminders/reminder-schedule.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { enqueueJob, PermanentJobError, type JobHandler, type SkippedJob } from '../../jobs/job-queue.ts';
import type { DeliveryRow } from '../../jobs/message-deliveries-repository.ts';
import { enqueueEmail, enqueueSms } from '../../jobs/message-jobs.ts';
import { mintBookingLink } from '../booking-links/booking-links.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { hasOptedOut, mayContact } from '../consent/contact-consent.ts';
import { findBookingView, type BookingView } from '../bookings/booking-view.ts';
import type { PracticeRow, PracticesService } from '../practices/practices-service.ts';
import { reminderEmail, reminderText } from './reminder-messages.ts';
import { findReminderPlanFacts } from './reminders-repository.ts';

// What other features may use of this one's storage (ADR 0073): they import it from here, not from the repository.
export { findLanguageOfNumber, findLatestReminderText } from './reminders-repository.ts';

/** One job per planned reminder; when it comes due it decides afresh whether and what to send. */
export const REMINDER_JOB = 'reminder.send';

// A reminder job only reads the booking and queues a message: a few quick tries are enough.
const REMINDER_MAX_ATTEMPTS = 5;

/** Booked or confirmed visits get reminders; a confirmed one is told it is (no "Reply C"). */
const REMINDED_STATUSES = new Set(['booked', 'confirmed']);

const ReminderPayloadSchema = z.object({
  appointmentId: z.uuid(),
  channel: z.enum(REMINDER_CHANNELS),
  beforeHours: z.number().int().nonnegative(),
  dueAt: z.iso.datetime(),
  /** The visit's start when this was planned: a moved booking's old reminders find it changed. */
  startsAt: z.iso.datetime(),
  /** Set on the e-mail that follows a text the provider could not deliver. */
  isFallback: z.boolean().optional(),
});
type ReminderPayload = z.infer<typeof ReminderPayloadSchema>;

/**
 * The message's name, unique per booking, visit time and rule: queuing it twice (a job retried
 * after a crash) queues one message, and a move back to an earlier time gets reminders anew.
 */
const messageKeyOf = (
  p: Pick<ReminderPayload, 'appointmentId' | 'startsAt' | 'channel' | 'beforeHours' | 'isFallback'>,
) =>
  [
    p.isFallback ? 'reminder-fallback' : 'reminder',
    p.appointmentId,
    Date.parse(p.startsAt),
    p.channel,
    p.beforeHours,
  ].join(':');

/** What a reminder message's key says: the booking, the visit's time it was for, and its rule. */
export function reminderOfKey(key: string): { appointmentId: string; startsAt: Date; beforeHours: number } | null {
  const [kind, appointmentId, startsAtMs, , beforeHours] = key.split(':');
  if (kind !== 'reminder' || !appointmentId || !startsAtMs || !beforeHours) return null;
  return { appointmentId, startsAt: new Date(Number(startsAtMs)), beforeHours: Number(beforeHours) };
}

/**
 * Plans a booking's reminders in the transaction that books or moves it: one job per rule and
 * channel, due when the reminder should go. Old jobs of a moved booking stay and skip themselves.
 */
export async function scheduleReminders(tx: Queryable, appointmentId: string, now: Date): Promise<void> {
  const facts = await findReminderPlanFacts(tx, appointmentId);
  if (!facts?.starts_at || !REMINDED_STATUSES.has(facts.status)) return;
  const planned = planReminders({
    startsAt: facts.starts_at,
    now,
    rules: facts.reminder_rules,
    quietHours: facts.quiet_hours,
    timeZone: facts.server_tz,
  });
  for (const reminder of planned) {
    const payload: ReminderPayload = {
      appointmentId,
      channel: reminder.channel,
      beforeHours: reminder.beforeHours,
      dueAt: reminder.dueAt.toISOString(),
      startsAt: facts.starts_at.toISOString(),
    };
    await enqueueJob(tx, {
      type: REMINDER_JOB,
      payload,
      runAt: reminder.dueAt,
      dedupeKey: `${messageKeyOf(payload)}:${facts.reschedule_count}`,
      maxAttempts: REMINDER_MAX_ATTEMPTS,
    });
  }
}

export interface ReminderDeps {
  db: Database;
  clock: Clock;
  practices: Pick<PracticesService, 'requirePractice'>;
  publicUrl: string;
  /** This server sends texts (Twilio, or the local outbox): ADR 0029. */
  texts: boolean;
}

// Why a reminder job sent nothing: kept on the job for operators.
const SKIPS = {
  gone: 'The booking no longer exists.', // not patient-facing
  ended: 'The booking is no longer booked.', // not patient-facing
  moved: 'The booking moved; its new time has reminders of its own.', // not patient-facing
  started: 'The visit has started.', // not patient-facing
  too_late: 'Too late to be of use (a text 2 hours, an e-mail 12 hours before the visit).', // not patient-facing
  no_texts: 'This server sends no texts.', // not patient-facing
  no_consent: 'The patient has not agreed to texts from this practice, or opted out.', // not patient-facing
  unsubscribed: "The patient unsubscribed from this practice's reminder e-mails.", // not patient-facing
  no_contact: 'The booking has no address for this channel.', // not patient-facing
  quiet: 'Held until quiet hours end.', // not patient-facing
} as const;

/** The worker's handler of REMINDER_JOB. */
type Reminder = { row: BookingView; practice: PracticeRow; startsAt: Date; key: string; now: Date };

/** The manage link a reminder carries (ADR 0037), minted in the transaction that queues the reminder. */
function mintReminderManageLink(tx: Queryable, { row, practice, now }: Reminder) {
  return mintManageLink(tx, { appointmentId: row.id, formUrl: practice.form_url, carriedBy: 'reminder', now });
}

async function sendTextReminder(deps: ReminderDeps, reminder: Reminder): Promise<void | SkippedJob> {
  const { row, practice, startsAt, key } = reminder;
  const tracking = { practiceId: row.practice_id, appointmentId: row.id };
  if (!deps.texts) return { skipped: SKIPS.no_texts };
  if (!row.wireless_phone) return { skipped: SKIPS.no_contact };
  if (!(await mayContact(deps.db, row.practice_id, 'sms', row.wireless_phone))) return { skipped: SKIPS.no_consent };
  await deps.db.transaction(async (tx) => {
    const manage = await mintReminderManageLink(tx, reminder);
    await enqueueSms(tx, {
      to: normalisePhone(row.wireless_phone!) ?? row.wireless_phone!,
      text: reminderText({ ...row, starts_at: startsAt }, practice, manage.url(deps.publicUrl, row.language)),
      idempotencyKey: key,
      ...tracking,
    });
  });
}

async function sendEmailReminder(deps: ReminderDeps, reminder: Reminder): Promise<void | SkippedJob> {
  const { row, practice, startsAt, key, now } = reminder;
  const tracking = { practiceId: row.practice_id, appointmentId: row.id };
  if (!row.email) return { skipped: SKIPS.no_contact };
  if (await hasOptedOut(deps.db, row.practice_id, 'email', row.email)) return { skipped: SKIPS.unsubscribed };
  await deps.db.transaction(async (tx) => {
    const manage = await mintReminderManageLink(tx, reminder);
    const unsubscribe = await mintBookingLink(tx, {
      appointmentId: row.id,
      purpose: 'unsubscribe',
      carriedBy: 'reminder',
      now,
    });
    const origin = new URL(deps.publicUrl).origin;
    const manageUrl = manage.url(deps.publicUrl, row.language);
    const email = reminderEmail({ ...row, starts_at: startsAt }, practice, {
      manageUrl,
      confirmUrl: `${manageUrl}&confirm`,
      // The page opens in the booking's language, whatever the mail client's browser prefers.
      unsubscribePageUrl: `${origin}${unsubscribePagePath(unsubscribe)}?lang=${row.language}`,
      unsubscribeOneClickUrl: `${origin}${unsubscribeApiPath(unsubscribe)}`,
    });
    await enqueueEmail(tx, { to: row.email!, ...email, idempotencyKey: key, ...tracking });
  });
}

export function createReminderJobHandler(deps: ReminderDeps): JobHandler {
  return async (rawPayload): Promise<void | SkippedJob> => {
    const parsed = ReminderPayloadSchema.safeParse(rawPayload);
    if (!parsed.success) throw new PermanentJobError('Invalid reminder payload');
    const payload = parsed.data;
    const row = await findBookingView(deps.db, payload.appointmentId);
    if (!row) return { skipped: SKIPS.gone };
    if (!REMINDED_STATUSES.has(row.status)) return { skipped: SKIPS.ended };
    if (row.starts_at?.getTime() !== Date.parse(payload.startsAt)) return { skipped: SKIPS.moved };
    const startsAt = row.starts_at;
    const practice = await deps.practices.requirePractice(row.practice_id);
    const now = deps.clock.now();
    const decision = sendDecision({
      channel: payload.channel,
      dueAt: new Date(payload.dueAt),
      startsAt,
      now,
      quietHours: practice.quiet_hours,
      timeZone: timeZoneAtClinic(practice, row.pms_clinic_num),
    });
    if ('retryAt' in decision) {
      await enqueueJob(deps.db, {
        type: REMINDER_JOB,
        payload,
        runAt: decision.retryAt,
        dedupeKey: `${messageKeyOf(payload)}:after-quiet-hours`,
        maxAttempts: REMINDER_MAX_ATTEMPTS,
      });
      return { skipped: SKIPS.quiet };
    }
    if (!decision.send) return { skipped: SKIPS[decision.skip] };

    const reminder = { row, practice, startsAt, key: messageKeyOf(payload), now };
    return payload.channel === 'text' ? sendTextReminder(deps, reminder) : sendEmailReminder(deps, reminder);
  };
}

/**
 * A reminder text the provider could not deliver is followed by the same reminder by e-mail,
 * while that is still of use (the e-mail's own late limit applies, counted from now).
 */
export async function followFailedTextByEmail(db: Queryable, delivery: DeliveryRow, now: Date): Promise<void> {
  const reminder =
    delivery.kind === 'reminder' && delivery.appointment_id ? reminderOfKey(delivery.idempotency_key) : null;
  if (!reminder) return;
  const payload: ReminderPayload = {
    appointmentId: reminder.appointmentId,
    channel: 'email' satisfies ReminderChannel,
    beforeHours: reminder.beforeHours,
    dueAt: now.toISOString(),
    startsAt: reminder.startsAt.toISOString(),
    isFallback: true,
  };
  await enqueueJob(db, {
    type: REMINDER_JOB,
    payload,
    dedupeKey: messageKeyOf(payload),
    maxAttempts: REMINDER_MAX_ATTEMPTS,
  });
}
