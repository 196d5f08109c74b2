import { reasonNameIn } from '#domain/practice/practice-translations.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Queryable } from '../../db/database.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { queueBookingMessages } from '../bookings/booking-messages.ts';
import type { PracticeRow } from '../practices/practices-repository.ts';
import type { HeldAppointment } from './payments-repository.ts';

const dollars = (cents: number | null) => `$${((cents ?? 0) / 100).toFixed(2)}`;
const bookerOf = (a: HeldAppointment) => (a.booker_first_name ? { first_name: a.booker_first_name, last_name: a.booker_last_name ?? '' } : null);
/** The one who booked is greeted (the e-mail is theirs); for someone else's visit, the patient is named. */
const greetingOf = (a: HeldAppointment) => `Hello ${a.booker_first_name ?? a.first_name},`;
const visitOf = (a: HeldAppointment) => (a.booker_first_name ? `the appointment for ${a.first_name} ${a.last_name}` : 'your appointment');
const whenOf = (a: HeldAppointment, practice: PracticeRow) => (a.starts_at ? describeAppointmentTime(a.starts_at, practice.server_tz) : 'no time chosen');

/** Paid: the same confirmation and practice notice as an unpaid booking, with the amount. */
export async function queuePaidBookingMessages(tx: Queryable, practice: PracticeRow, a: HeldAppointment, now: Date): Promise<void> {
  await queueBookingMessages(
    tx,
    {
      appointmentId: a.id,
      reference: a.reference,
      practice,
      reasonName: a.reason_name,
      patientReasonName: reasonNameIn({ name: a.reason_name, translations: a.reason_translations }, a.language),
      contact: { first_name: a.first_name, last_name: a.last_name, email: a.email, wireless_phone: a.wireless_phone, dob: a.dob, patient_status: a.patient_status, booker: bookerOf(a) },
      composedMessage: a.message,
      slot: a.starts_at && a.ends_at ? { startsAt: a.starts_at, endsAt: a.ends_at, provNum: a.pms_prov_num } : null,
      paidCents: a.amount_cents ?? 0,
    },
    now,
  );
}

/** Checkout cancelled or expired: the visit stays booked and the office collects payment. */
export async function queueUnpaidNotice(tx: Queryable, practice: PracticeRow, a: HeldAppointment): Promise<void> {
  if (!practice.notification_email) return;
  await enqueueEmail(tx, {
    to: practice.notification_email,
    subject: `Booked without payment: ${a.first_name} ${a.last_name}`,
    text: [
      `${a.first_name} ${a.last_name} booked "${a.reason_name}" but did not complete the online payment of ${dollars(a.amount_cents)}.`,
      'The appointment is booked; please collect the payment at the visit.',
      `When: ${whenOf(a, practice)}`,
      `Reference: ${a.reference}`,
      `Appointment id: ${a.id}`,
    ].join('\n'),
    idempotencyKey: `booking-unpaid:${a.id}`,
  });
}

/**
 * A payment that books nothing, refunded: it arrived after its hold was released and the slot was
 * taken, or it was for a checkout the patient had replaced by a later booking. Both sides are told.
 */
export async function queueRefundNotices(tx: Queryable, practice: PracticeRow, a: HeldAppointment, reason: 'slot-lost' | 'replaced' = 'slot-lost'): Promise<void> {
  await enqueueEmail(tx, {
    to: a.email,
    subject: `Your payment to ${practice.name} is being refunded`,
    text: [
      greetingOf(a),
      '',
      reason === 'replaced'
        ? `Your payment of ${dollars(a.amount_cents)} for ${visitOf(a)} on ${whenOf(a, practice)} was for an earlier choice that you changed before paying, so it does not book anything.`
        : `Your payment of ${dollars(a.amount_cents)} for ${visitOf(a)} on ${whenOf(a, practice)} arrived after the time we held for you had run out, and the slot was booked by someone else meanwhile.`,
      reason === 'replaced'
        ? 'We are refunding this payment in full. Your later booking is not affected.'
        : 'We are refunding your payment in full. Please book another time or call the office.',
    ].join('\n'),
    idempotencyKey: `booking-refund-patient:${a.id}`,
  });
  if (practice.notification_email) {
    await enqueueEmail(tx, {
      to: practice.notification_email,
      subject: `Late payment refunded: ${a.first_name} ${a.last_name}`,
      text: reason === 'replaced'
        ? `A payment of ${dollars(a.amount_cents)} for "${a.reason_name}" (${a.first_name} ${a.last_name}, ${whenOf(a, practice)}) arrived for a checkout the patient had replaced by a later booking. It is being refunded.\nAppointment id: ${a.id}`
        : `A payment of ${dollars(a.amount_cents)} for "${a.reason_name}" (${a.first_name} ${a.last_name}, ${whenOf(a, practice)}) arrived after its hold expired and the slot was taken. It is being refunded.\nAppointment id: ${a.id}`,
      idempotencyKey: `booking-refund-practice:${a.id}`,
    });
  }
}

/** Checkout cancelled or expired after its hold ran out and the slot was booked by someone else: nothing is booked. */
export async function queueLostHoldNotices(tx: Queryable, practice: PracticeRow, a: HeldAppointment): Promise<void> {
  await enqueueEmail(tx, {
    to: a.email,
    subject: `${a.booker_first_name ? `The appointment for ${a.first_name} ${a.last_name}` : 'Your appointment'} at ${practice.name} is not booked`,
    text: [
      greetingOf(a),
      '',
      `The online payment for ${visitOf(a)} on ${whenOf(a, practice)} was not completed, and the time we held for you ran out and was booked by someone else meanwhile.`,
      'You have not been charged. Please book another time or call the office.',
    ].join('\n'),
    idempotencyKey: `booking-hold-lost-patient:${a.id}`,
  });
  if (practice.notification_email) {
    await enqueueEmail(tx, {
      to: practice.notification_email,
      subject: `Hold lost, not booked: ${a.first_name} ${a.last_name}`,
      text: `${a.first_name} ${a.last_name} did not complete the online payment for "${a.reason_name}" and the held slot (${whenOf(a, practice)}) was taken meanwhile. No appointment is booked.\nAppointment id: ${a.id}`,
      idempotencyKey: `booking-hold-lost-practice:${a.id}`,
    });
  }
}
