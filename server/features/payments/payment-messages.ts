import type { Queryable } from '../../db/database.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { queueBookingMessages } from '../bookings/booking-messages.ts';
import type { PracticeRow } from '../practices/practices-repository.ts';
import type { HeldAppointment } from './payments-repository.ts';

const dollars = (cents: number | null) => `$${((cents ?? 0) / 100).toFixed(2)}`;

/** Paid: the same confirmation and practice notice as an unpaid booking, with the amount. */
export async function queuePaidBookingMessages(tx: Queryable, practice: PracticeRow, a: HeldAppointment, now: Date): Promise<void> {
  await queueBookingMessages(
    tx,
    {
      appointmentId: a.id,
      practice,
      reasonName: a.reason_name,
      contact: { first_name: a.first_name, last_name: a.last_name, email: a.email, wireless_phone: a.wireless_phone, dob: a.dob, patient_status: a.patient_status },
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
      `Appointment id: ${a.id}`,
    ].join('\n'),
    idempotencyKey: `booking-unpaid:${a.id}`,
  });
}

/** A payment arrived after its hold was released and the slot was taken: refund and tell both sides. */
export async function queueRefundNotices(tx: Queryable, practice: PracticeRow, a: HeldAppointment): Promise<void> {
  await enqueueEmail(tx, {
    to: a.email,
    subject: `Your payment to ${practice.name} is being refunded`,
    text: [
      `Hello ${a.first_name},`,
      '',
      `Your payment of ${dollars(a.amount_cents)} arrived after the time we held for you had run out, and the slot was booked by someone else meanwhile.`,
      'We are refunding your payment in full. Please book another time or call the office.',
    ].join('\n'),
    idempotencyKey: `booking-refund-patient:${a.id}`,
  });
  if (practice.notification_email) {
    await enqueueEmail(tx, {
      to: practice.notification_email,
      subject: `Late payment refunded: ${a.first_name} ${a.last_name}`,
      text: `A payment of ${dollars(a.amount_cents)} for "${a.reason_name}" arrived after its hold expired and the slot was taken. It is being refunded.\nAppointment id: ${a.id}`,
      idempotencyKey: `booking-refund-practice:${a.id}`,
    });
  }
}

/** Checkout cancelled or expired after its hold ran out and the slot was booked by someone else: nothing is booked. */
export async function queueLostHoldNotices(tx: Queryable, practice: PracticeRow, a: HeldAppointment): Promise<void> {
  await enqueueEmail(tx, {
    to: a.email,
    subject: `Your appointment at ${practice.name} is not booked`,
    text: [
      `Hello ${a.first_name},`,
      '',
      'The online payment was not completed, and the time we held for you ran out and was booked by someone else meanwhile.',
      'You have not been charged. Please book another time or call the office.',
    ].join('\n'),
    idempotencyKey: `booking-hold-lost-patient:${a.id}`,
  });
  if (practice.notification_email) {
    await enqueueEmail(tx, {
      to: practice.notification_email,
      subject: `Hold lost, not booked: ${a.first_name} ${a.last_name}`,
      text: `${a.first_name} ${a.last_name} did not complete the online payment for "${a.reason_name}" and the held slot was taken meanwhile. No appointment is booked.\nAppointment id: ${a.id}`,
      idempotencyKey: `booking-hold-lost-practice:${a.id}`,
    });
  }
}
