import { calendarUidOf } from '#domain/booking/booking-lifecycle.ts';
import { buildIcsEvent } from '#domain/calendar/ics-calendar.ts';
import { addressLine } from '#domain/format/address-format.ts';
import { quotePatientText } from '#domain/format/patient-text.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Queryable } from '../../db/database.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { findProviderName, type PracticeRow } from '../practices/practices-repository.ts';

/** The patient's side of a booking, from the request or from the stored appointment. */
export interface BookedContact {
  first_name: string;
  last_name: string;
  email: string;
  wireless_phone: string;
  dob: string;
  patient_status: string | null;
  /** Set when someone booked for the patient: the e-mail is theirs, so it greets them and names the patient. */
  booker?: { first_name: string; last_name: string } | null;
}

export interface BookedAppointment {
  appointmentId: string;
  /** The short reference patients read to the office (ADR 0033). */
  reference: string;
  practice: PracticeRow;
  /** The reason's name in English, for the practice's notification. */
  reasonName: string;
  /** The reason's name in the booking's language, for the patient's messages (issue 19). */
  patientReasonName: string;
  contact: BookedContact;
  /** Set when the booking was paid: the amount appears in both messages. */
  paidCents?: number;
  /** Null for a request without a time ("Proceed Without Slots"). */
  slot: { startsAt: Date; endsAt: Date; provNum: number } | null;
  composedMessage: string;
}

/**
 * Queues the patient's confirmation (with a calendar file) and the practice's notification in
 * the booking transaction: both commit with the booking or not at all, and the worker retries
 * them until they are delivered, so a mail outage never fails or loses a booking.
 */
export async function queueBookingMessages(tx: Queryable, booked: BookedAppointment, now: Date): Promise<void> {
  const { practice, contact: body, slot } = booked;
  const provider = slot ? await findProviderName(tx, practice.id, slot.provNum) : null;
  const when = slot ? describeAppointmentTime(slot.startsAt, practice.server_tz) : null;
  const patientName = `${body.first_name} ${body.last_name}`;
  const where = [practice.name, addressLine({ display_address: practice.display_address, pms_address1: practice.address_line1, city: practice.city, state: practice.state, zip: practice.zipcode })]
    .filter(Boolean)
    .join(', ');
  const phone = practice.phone ? formatPhone(practice.phone) : null;
  const detailsNaming = (reasonName: string) => [
    when ? `When: ${when}` : 'When: the office will call you to agree a time',
    `Reference: ${booked.reference}`,
    `Where: ${where}`,
    phone ? `Phone: ${phone}` : null,
    `Reason: ${reasonName}`,
    slot ? `Provider: ${provider ?? 'First Available'}` : null,
    booked.paidCents !== undefined ? `Paid: $${(booked.paidCents / 100).toFixed(2)}` : null,
  ].filter((line): line is string => line !== null);
  const details = detailsNaming(booked.patientReasonName);

  await enqueueEmail(tx, {
    to: body.email,
    subject: slot
      ? `${body.booker ? `Appointment for ${patientName}` : 'Your appointment'} at ${practice.name}: ${when}`
      : `We received ${body.booker ? `the appointment request for ${patientName}` : 'your appointment request'} at ${practice.name}`,
    text: [
      `Hello ${body.booker?.first_name ?? body.first_name},`,
      '',
      body.booker
        ? slot
          ? `The appointment you booked for ${patientName} is booked.`
          : `We received the appointment request you made for ${patientName}. The office will call you to schedule a time.`
        : slot
          ? 'Your appointment is booked.'
          : 'We received your appointment request. The office will call you to schedule a time.',
      '',
      ...details,
      '',
      slot ? 'A calendar file is attached. To change or cancel, please call the office.' : 'If you need to reach the office sooner, please call.',
      '',
      `Booked online via ${PRODUCT_NAME}`,
    ].join('\n'),
    ...(slot
      ? {
          attachments: [
            {
              filename: 'appointment.ics',
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: buildIcsEvent({
                uid: calendarUidOf(booked.appointmentId),
                start: slot.startsAt,
                end: slot.endsAt,
                timeZone: practice.server_tz,
                summary: `${booked.patientReasonName} at ${practice.name}`,
                description: details.join('\n'),
                location: where,
                organizerName: practice.name,
                now,
              }),
            },
          ],
        }
      : {}),
    idempotencyKey: `booking-confirmation:${booked.appointmentId}`,
  });

  if (practice.notification_email) {
    const patient = `${body.first_name} ${body.last_name}`;
    await enqueueEmail(tx, {
      to: practice.notification_email,
      subject: slot ? `New booking: ${patient}, ${when}` : `New appointment request (no time chosen): ${patient}`,
      text: [
        slot ? 'A patient booked online.' : 'A patient asked for an appointment while the schedule was unavailable. Please call them to agree a time.',
        '',
        ...detailsNaming(booked.reasonName),
        `Patient: ${patient}, born ${body.dob}${body.patient_status ? `, ${body.patient_status}` : ''}`,
        `Email: ${body.email}`,
        `Phone: ${body.wireless_phone}`,
        // The patient's own words (message, insurance) ride in here: quoted, so they cannot forge a line.
        quotePatientText('Details from the booking form', booked.composedMessage),
        `Appointment id: ${booked.appointmentId}`,
      ].join('\n'),
      idempotencyKey: `booking-notification:${booked.appointmentId}`,
    });
  }
}
