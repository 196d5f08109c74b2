import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Language } from '#domain/i18n/languages.ts';
import type { Queryable } from '../../db/database.ts';
import { formatDollars } from '../../i18n/money.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { bookedAppointmentOf } from '../bookings/booked-appointment.ts';
import {
  queueBookingMessages,
  queuePatientBookingMessages,
  queuePatientConfirmation,
  type BookedAppointment,
} from '../bookings/booking-messages.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import * as messages from './payment-messages.messages.ts';
import type { HeldAppointment } from './payments-repository.ts';

const t = translator(messages);

const dollars = (cents: number | null) => `$${((cents ?? 0) / 100).toFixed(2)}`;
/** The one who booked is greeted (the e-mail is theirs); for someone else's visit, the patient is named. */
const greetingOf = (a: HeldAppointment) => t(a.language, 'greeting', { name: a.booker_first_name ?? a.first_name });
const visitOf = (a: HeldAppointment) =>
  a.booker_first_name
    ? t(a.language, 'visitFor', { patient: `${a.first_name} ${a.last_name}` })
    : t(a.language, 'yourVisit');
/** In the patient's language by default; the practice's notices pass English. */
const whenOf = (a: HeldAppointment, practice: PracticeRow, language: Language = a.language) =>
  a.starts_at
    ? describeAppointmentTime(a.starts_at, timeZoneAtClinic(practice, a.pms_clinic_num), language)
    : t(language, 'noTime');
const patientAmount = (a: HeldAppointment) => formatDollars(a.amount_cents ?? 0, a.language);

/** A checkout's booking as its messages tell it, with a fresh manage link for the confirmation. */
async function bookedOf(
  tx: Queryable,
  practice: PracticeRow,
  a: HeldAppointment,
  now: Date,
  publicUrl: string,
): Promise<BookedAppointment> {
  const link = await mintManageLink(tx, {
    appointmentId: a.id,
    formUrl: practice.form_url,
    carriedBy: 'confirmation',
    now,
  });
  return bookedAppointmentOf(a, practice, { manageUrl: link.url(publicUrl, a.language) });
}

/**
 * A checkout's booking, paid or left unpaid (ADR 0060): the confirmation, reminders and notices of
 * any booking, with the amount paid, or the fee unpaid and how to pay it.
 */
export async function queueCheckoutBookingMessages(
  tx: Queryable,
  practice: PracticeRow,
  a: HeldAppointment,
  outcome: { isPaid: boolean; now: Date; publicUrl: string; wasBookedUnpaid?: boolean },
): Promise<void> {
  const { now } = outcome;
  const booked = await bookedOf(tx, practice, a, now, outcome.publicUrl);
  if (!outcome.isPaid) {
    // The practice's own notice asks it to collect the payment.
    await queuePatientBookingMessages(tx, { ...booked, unpaidCents: a.amount_cents ?? 0 }, now);
    await queueUnpaidNotice(tx, practice, a);
    return;
  }
  const paid = { ...booked, paidCents: a.amount_cents ?? 0 };
  await queueBookingMessages(tx, paid, now);
  // Booked unpaid first: that confirmation went out then, so the payment's is one more.
  if (outcome.wasBookedUnpaid)
    await queuePatientConfirmation(tx, paid, now, { idempotencyKey: `booking-paid:${a.id}`, sequence: 0 });
}

/** Checkout cancelled or expired: the visit stays booked and the office collects payment. */
export async function queueUnpaidNotice(tx: Queryable, practice: PracticeRow, a: HeldAppointment): Promise<void> {
  if (!practice.notification_email) return;
  await enqueueEmail(tx, {
    to: practice.notification_email,
    // practice-facing
    subject: `Booked without payment: ${a.first_name} ${a.last_name}`,
    text: [
      `${a.first_name} ${a.last_name} booked "${a.reason_name}" but did not complete the online payment of ` +
        `${dollars(a.amount_cents)}.`,
      // practice-facing
      'The appointment is booked; please collect the payment at the visit.',
      `When: ${whenOf(a, practice, 'en')}`,
      `Reference: ${a.reference}`,
      `Appointment id: ${a.id}`,
    ].join('\n'),
    idempotencyKey: `booking-unpaid:${a.id}`,
    practiceId: practice.id,
    appointmentId: a.id,
  });
}

/**
 * A payment that books nothing, refunded: it arrived after its hold was released and the slot was
 * taken, or it was for a checkout the patient had replaced by a later booking. Both sides are told.
 */
export async function queueRefundNotices(
  tx: Queryable,
  practice: PracticeRow,
  a: HeldAppointment,
  reason: 'slot-lost' | 'replaced' = 'slot-lost',
): Promise<void> {
  await enqueueEmail(tx, {
    to: a.email,
    subject: t(a.language, 'refundSubject', { practice: practice.name }),
    text: [
      greetingOf(a),
      '',
      t(a.language, reason === 'replaced' ? 'refundReplaced' : 'refundSlotLost', {
        amount: patientAmount(a),
        visit: visitOf(a),
        when: whenOf(a, practice),
      }),
      t(a.language, reason === 'replaced' ? 'refundReplacedNext' : 'refundSlotLostNext'),
    ].join('\n'),
    idempotencyKey: `booking-refund-patient:${a.id}`,
  });
  if (practice.notification_email) {
    await enqueueEmail(tx, {
      to: practice.notification_email,
      // practice-facing
      subject: `Late payment refunded: ${a.first_name} ${a.last_name}`,
      text:
        reason === 'replaced' // practice-facing
          ? `A payment of ${dollars(a.amount_cents)} for "${a.reason_name}" (${a.first_name} ${a.last_name}, ` +
            `${whenOf(a, practice, 'en')}) arrived for a checkout the patient had replaced by a later booking. It ` +
            `is being refunded.\nAppointment id: ${a.id}`
          : // practice-facing
            `A payment of ${dollars(a.amount_cents)} for "${a.reason_name}" (${a.first_name} ${a.last_name}, ` +
            `${whenOf(a, practice, 'en')}) arrived after its hold expired and the slot was taken. It is being ` +
            `refunded.\nAppointment id: ${a.id}`,
      idempotencyKey: `booking-refund-practice:${a.id}`,
    });
  }
}

/** Checkout cancelled or expired after its hold ran out and the slot was booked by someone else: nothing is booked. */
export async function queueLostHoldNotices(tx: Queryable, practice: PracticeRow, a: HeldAppointment): Promise<void> {
  await enqueueEmail(tx, {
    to: a.email,
    subject: a.booker_first_name
      ? t(a.language, 'lostSubjectFor', { patient: `${a.first_name} ${a.last_name}`, practice: practice.name })
      : t(a.language, 'lostSubject', { practice: practice.name }),
    text: [
      greetingOf(a),
      '',
      t(a.language, 'lost', { visit: visitOf(a), when: whenOf(a, practice) }),
      t(a.language, 'lostNext'),
    ].join('\n'),
    idempotencyKey: `booking-hold-lost-patient:${a.id}`,
  });
  if (practice.notification_email) {
    await enqueueEmail(tx, {
      to: practice.notification_email,
      // practice-facing
      subject: `Hold lost, not booked: ${a.first_name} ${a.last_name}`,
      text:
        `${a.first_name} ${a.last_name} did not complete the online payment for "${a.reason_name}" and the ` +
        `held slot (${whenOf(a, practice, 'en')}) was taken meanwhile. No appointment is booked.\nAppointment id: ` +
        `${a.id}`,
      idempotencyKey: `booking-hold-lost-practice:${a.id}`,
    });
  }
}
