import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { quotePatientText } from '#domain/format/patient-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { recordTextedKeyword } from '../consent/contact-consent.ts';
import { findBookingView } from '../bookings/booking-view.ts';
import type { PracticeRow, PracticesService } from '../practices/practices-service.ts';
import { findLanguageOfNumber, findLatestReminderText, reminderOfKey } from '../reminders/reminder-jobs.ts';
import type { ConfirmOutcome } from '../reminders/visit-confirmation.ts';
import { readInboundText, type ReadText } from './inbound-text-kinds.ts';
import { findBookingOfNumber, insertInboundText, type TextedBooking } from './inbound-texts-repository.ts';
import * as messages from './inbound-replies.messages.ts';
import { findLastPracticeToText, listPracticesOnSenders } from './sms-sends-repository.ts';

const t = translator(messages);

export interface InboundText {
  /** The patient, E.164. */
  from: string;
  /** Our number it was sent to. */
  to: string;
  /** Set by Twilio when `to` belongs to a Messaging Service: practices may name the service as their sender. */
  messagingServiceSid: string | null;
  body: string;
  messageSid: string;
  /**
   * Development only (`POST /_dev/sms/reply` without a `to`): the practice the reply is for, since
   * the local outbox sends from no number that a reply could be routed by.
   */
  practiceId?: string;
}

export interface InboundTextDeps {
  db: Database;
  clock: Clock;
  /** TWILIO_FROM; null without Twilio. */
  deploymentSender: string | null;
  practices: Pick<PracticesService, 'requirePractice'>;
  /** The booking lifecycle's confirmation (reminders/visit-confirmation.ts). */
  confirm(appointmentId: string): Promise<ConfirmOutcome>;
}

/**
 * Stores a text a patient sent and acts on it, once per message id (a retried webhook finds it
 * stored, changes nothing and answers nothing): a confirmation word confirms the visit of the
 * latest reminder that the practice the reply is routed to texted this number, opt-out and opt-in
 * words go to the consent ledger, and anything else is passed to the practice. Returns what to text back (null:
 * nothing, Twilio answers).
 */
export async function receiveInboundText(deps: InboundTextDeps, text: InboundText): Promise<{ reply: string | null }> {
  const now = deps.clock.now();
  const read = readInboundText(text.body);
  const { practiceId, isNew, booking } = await deps.db.transaction(async (tx) => {
    const senders = [text.to, ...(text.messagingServiceSid ? [text.messagingServiceSid] : [])];
    const practiceIds = text.practiceId
      ? [text.practiceId]
      : await listPracticesOnSenders(tx, {
          senders,
          includesDeploymentSender: deps.deploymentSender !== null && senders.includes(deps.deploymentSender),
        });
    const routed = text.practiceId ?? (await routeReply(tx, { senders, recipient: text.from, practiceIds }));
    // A reply (not a keyword) is filed on the booking it is about, for the console (ADR 0066).
    const booking =
      routed && read.kind === 'reply'
        ? await findBookingOfNumber(tx, { practiceId: routed, phone: text.from, now })
        : null;
    const stored = await insertInboundText(tx, {
      practiceId: routed,
      fromNumber: text.from,
      toNumber: text.to,
      body: text.body,
      kind: read.kind,
      providerMessageId: text.messageSid,
      receivedAt: now,
      appointmentId: booking?.id ?? null,
    });
    // Every practice on the number, not only the routed one: Twilio blocks the number for all of them.
    // YES is Twilio's opt-in word as well as a confirmation.
    const isOptIn = read.kind === 'opt_in' || (read.kind === 'confirm' && text.body.trim().toUpperCase() === 'YES');
    if (stored && (read.kind === 'opt_out' || isOptIn)) {
      await recordTextedKeyword(tx, {
        practiceIds,
        phone: text.from,
        isOptOut: read.kind === 'opt_out',
        words: text.body,
        at: now,
      });
    }
    return { practiceId: routed, isNew: stored, booking };
  });
  // A message handled before (Twilio delivering it again) changes nothing and gets no second
  // answer: the first one stands, and a repeat could contradict it ("already confirmed"). ADR 0037.
  if (!isNew) return { reply: null };
  if (!practiceId)
    return { reply: read.isTwilioKeyword ? null : t(read.language ?? DEFAULT_LANGUAGE, 'unknownPractice') };
  const practice = await deps.practices.requirePractice(practiceId);
  if (read.kind === 'confirm') return { reply: await confirmRemindedVisit(deps, practice, text.from, read) };
  const language =
    read.language ?? (await findLanguageOfNumber(deps.db, { practiceId, phone: text.from })) ?? DEFAULT_LANGUAGE;
  const params = {
    practice: practice.name,
    phone: practice.phone ? formatPhone(practice.phone) : t(language, 'theOffice'),
  };
  if (read.kind === 'reply' && isNew) await passToPractice(deps.db, practice, text, booking);
  if (read.isTwilioKeyword) return { reply: read.kind === 'help' ? t(language, 'help', params) : null };
  const replies = { opt_out: 'optedOut', opt_in: 'optedIn', help: 'help', reply: 'other' } as const;
  return { reply: t(language, replies[read.kind], params) };
}

/**
 * A confirmation answers the latest reminder the practice texted to this number (ADR 0037): it
 * confirms that reminder's visit if it still waits, and says so if it is confirmed already. It
 * never reaches past it to a later visit, which gets its own reminder; nor to a visit that moved
 * since, whose new time the reminder did not name.
 */
async function confirmRemindedVisit(
  deps: InboundTextDeps,
  practice: PracticeRow,
  phone: string,
  read: ReadText,
): Promise<string> {
  const latest = await findLatestReminderText(deps.db, { practiceId: practice.id, phone });
  const reminder = latest ? reminderOfKey(latest.idempotency_key) : null;
  const row = reminder ? await findBookingView(deps.db, reminder.appointmentId) : null;
  const language: Language =
    row?.language ??
    read.language ??
    (await findLanguageOfNumber(deps.db, { practiceId: practice.id, phone })) ??
    DEFAULT_LANGUAGE;
  const isAsked = row?.starts_at && row.starts_at.getTime() === reminder?.startsAt.getTime();
  const outcome = row && isAsked ? await deps.confirm(row.id) : 'not_confirmable';
  if (!row?.starts_at || outcome === 'not_confirmable') {
    return t(language, 'nothingToConfirm', {
      practice: practice.name,
      phone: practice.phone ? formatPhone(practice.phone) : t(language, 'theOffice'),
    });
  }
  const when = describeAppointmentTime(row.starts_at, timeZoneAtClinic(practice, row.pms_clinic_num), language);
  return t(language, outcome === 'confirmed' ? 'confirmed' : 'alreadyConfirmed', { practice: practice.name, when });
}

/**
 * A text that is not a keyword: the office reads it in the console, on its booking, and by e-mail,
 * which names the patient and the booking's reference when the number has a booking (ADR 0066).
 */
async function passToPractice(
  db: Database,
  practice: PracticeRow,
  text: InboundText,
  booking: TextedBooking | null,
): Promise<void> {
  if (!practice.notification_email) return;
  const phone = formatPhone(text.from);
  const patient = booking ? `${booking.first_name} ${booking.last_name}`.trim() : null;
  await enqueueEmail(db, {
    to: practice.notification_email,
    // practice-facing
    subject: booking ? `Text from ${patient} (booking ${booking.reference})` : `A patient texted ${phone}`,
    text: [
      // practice-facing
      booking
        ? `${patient} texted from ${phone} about booking ${booking.reference}. The text is also on that booking in ` +
          'the staff console.'
        : `A patient texted from ${phone}; no booking of yours has this number. The text is in the staff console.`,
      '',
      // practice-facing
      quotePatientText('Their message', text.body),
    ].join('\n'),
    idempotencyKey: `inbound-text:${text.messageSid}`,
    practiceId: practice.id,
  });
}

/**
 * Where a reply goes (ADR 0033): the practices texting from the number it was sent to (their own
 * sms_from, or TWILIO_FROM for those without one). One: that practice. Several sharing it: the one
 * that last texted this patient from it. None of them has, or no practice uses the number: kept
 * unrouted (practice null), for the operator.
 */
async function routeReply(
  tx: Queryable,
  key: { senders: string[]; recipient: string; practiceIds: string[] },
): Promise<string | null> {
  if (key.practiceIds.length <= 1) return key.practiceIds[0] ?? null;
  return findLastPracticeToText(tx, key);
}
