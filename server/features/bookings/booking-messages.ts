import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { calendarUidOf } from '#domain/booking/booking-lifecycle.ts';
import { bookingIcs, icsContentType } from '#domain/calendar/ics-calendar.ts';
import { quotePatientText } from '#domain/format/patient-text.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import type { Queryable } from '../../db/database.ts';
import { formatDollars } from '../../i18n/money.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { findProviderName, type PracticeRow } from '../practices/practices-service.ts';
import { practiceAddress } from '../practices/practice-texts.ts';
import * as messages from './booking-messages.messages.ts';

const t = translator(messages);

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
  /** The reason's name in the booking's language, for the patient's messages (default: `reasonName`). */
  patientReasonName?: string;
  contact: BookedContact;
  /** The patient's language (stored with the booking); English when absent. */
  language?: Language;
  /** Set when the booking was paid: the amount appears in both messages. */
  paidCents?: number;
  /** Set when a paid reason's checkout ended unpaid (ADR 0060): the fee and the way to pay it. */
  unpaidCents?: number;
  /** Made by staff for a patient who phoned (ADR 0038): the practice's notice says so. */
  isBookedByStaff?: boolean;
  /** Null for a request without a time ("Proceed Without Slots"). */
  slot: { startsAt: Date; endsAt: Date; provNum: number } | null;
  composedMessage: string;
  /** Its clinic, whose zone its times are told in (ADR 0061); null at a practice without clinics. */
  clinicNum: number | null;
  /** The patient's manage page (ADR 0036), minted for this message; absent: the e-mail says to call. */
  manageUrl?: string | null;
}

export interface AppointmentFacts {
  /** Null for a request without a time. */
  startsAt: Date | null;
  timeZone: string;
  reference: string;
  where: string;
  /** Formatted for reading, or null. */
  phone: string | null;
  /** Null: left out (a reminder, where the practice keeps reasons off lock screens). */
  reasonName: string | null;
  /** The provider's name; null with a time: "First Available". */
  provider: string | null;
  paidCents?: number | undefined;
  unpaidCents?: number | undefined;
}

/** The appointment's lines, as every message about a booking and its calendar file carry them. */
export function appointmentDetailLines(lang: Language, facts: AppointmentFacts): string[] {
  const when = facts.startsAt ? describeAppointmentTime(facts.startsAt, facts.timeZone, lang) : null;
  return [
    when ? t(lang, 'when', { when }) : t(lang, 'whenToAgree'),
    t(lang, 'reference', { reference: facts.reference }),
    t(lang, 'where', { where: facts.where }),
    facts.phone ? t(lang, 'phone', { phone: facts.phone }) : null,
    facts.reasonName !== null ? t(lang, 'reason', { reason: facts.reasonName }) : null,
    facts.startsAt ? t(lang, 'provider', { provider: facts.provider ?? t(lang, 'firstAvailable') }) : null,
    facts.paidCents !== undefined ? t(lang, 'paid', { amount: formatDollars(facts.paidCents, lang) }) : null,
    facts.unpaidCents !== undefined ? t(lang, 'unpaid', { amount: formatDollars(facts.unpaidCents, lang) }) : null,
  ].filter((line): line is string => line !== null);
}

/**
 * The ORGANIZER of a booking's invitations (ADR 0035): the practice's own address, else one that
 * names the product and cannot receive mail (replies are off: RSVP=FALSE).
 */
export const calendarOrganizerEmail = (practice: Pick<PracticeRow, 'notification_email'>) =>
  practice.notification_email ?? 'appointments@chairtime.invalid';

/** A calendar file as an e-mail attachment, its method in the MIME type (RFC 6047). */
export const calendarAttachment = (content: string) => ({
  filename: 'appointment.ics',
  contentType: icsContentType(content),
  content,
});

/** The calendar event's title in the patient's language. */
export const calendarSummaryOf = (lang: Language, reasonName: string, practiceName: string) =>
  t(lang, 'calendarSummary', { reason: reasonName, practice: practiceName });

/**
 * Queues the patient's confirmation (with a calendar file) and the practice's notification in
 * the booking transaction: both commit with the booking or not at all, and the worker retries
 * them until they are delivered, so a mail outage never fails or loses a booking.
 */
export async function queueBookingMessages(tx: Queryable, booked: BookedAppointment, now: Date): Promise<void> {
  const { practice, contact: body, slot } = booked;
  const { detailsIn } = await queuePatientBookingMessages(tx, booked, now);

  // The practice's own notice stays in English (ADR 0034).
  const practiceDetails = detailsIn(DEFAULT_LANGUAGE, booked.reasonName);
  const practiceWhen = slot
    ? describeAppointmentTime(slot.startsAt, timeZoneAtClinic(practice, booked.clinicNum))
    : null;
  if (practice.notification_email) {
    const patient = `${body.first_name} ${body.last_name}`;
    await enqueueEmail(tx, {
      to: practice.notification_email,
      // practice-facing
      subject: slot
        ? `New booking: ${patient}, ${practiceWhen}`
        : `New appointment request (no time chosen): ${patient}`,
      text: [
        // practice-facing
        booked.isBookedByStaff
          ? 'Booked by phone from the staff console.'
          : slot
            ? 'A patient booked online.'
            : 'A patient asked for an appointment while the schedule was unavailable. Please call them to agree a ' +
              'time.',
        '',
        ...practiceDetails,
        `Patient: ${patient}, born ${body.dob}${body.patient_status ? `, ${body.patient_status}` : ''}`,
        `Email: ${body.email}`,
        `Phone: ${formatPhone(body.wireless_phone)}`,
        // The patient's own words (message, insurance) ride in here: quoted, so they cannot forge a line.
        // practice-facing
        quotePatientText('Details from the booking form', booked.composedMessage),
        `Appointment id: ${booked.appointmentId}`,
      ].join('\n'),
      idempotencyKey: `booking-notification:${booked.appointmentId}`,
      practiceId: practice.id,
      appointmentId: booked.appointmentId,
    });
  }
}

/**
 * The patient's side of a booking's messages: the confirmation (its reminders follow the booking's event, ADR 0069).
 * A checkout left unpaid sends it alone (ADR 0060), since the practice has its own notice of it.
 */
export async function queuePatientBookingMessages(tx: Queryable, booked: BookedAppointment, now: Date) {
  const facts = await bookingFacts(tx, booked);
  await queuePatientEmail(tx, booked, now, facts);
  return facts;
}

/** The lines of a booking's messages, in any language, and what they are made of. */
async function bookingFacts(tx: Queryable, booked: BookedAppointment) {
  const { practice, slot } = booked;
  const provider = slot ? await findProviderName(tx, practice.id, slot.provNum) : null;
  const where = [practice.name, practiceAddress(practice)].filter(Boolean).join(', ');
  const phone = practice.phone ? formatPhone(practice.phone) : null;
  // The lines both the e-mail and the calendar file carry, in one language.
  const detailsIn = (lang: Language, reasonName: string) =>
    appointmentDetailLines(lang, {
      startsAt: slot?.startsAt ?? null,
      timeZone: timeZoneAtClinic(practice, booked.clinicNum),
      reference: booked.reference,
      where,
      phone,
      reasonName,
      provider,
      paidCents: booked.paidCents,
      unpaidCents: booked.unpaidCents,
    });
  return { where, detailsIn };
}

/**
 * The patient's confirmation e-mail with its calendar file. The staff console sends it again
 * (`resend`): a fresh idempotency key, and the calendar's SEQUENCE of the booking's moves so far.
 */
export async function queuePatientConfirmation(
  tx: Queryable,
  booked: BookedAppointment,
  now: Date,
  resend: { idempotencyKey: string; sequence: number },
): Promise<void> {
  await queuePatientEmail(tx, booked, now, await bookingFacts(tx, booked), resend);
}

async function queuePatientEmail(
  tx: Queryable,
  booked: BookedAppointment,
  now: Date,
  { where, detailsIn }: Awaited<ReturnType<typeof bookingFacts>>,
  resend?: { idempotencyKey: string; sequence: number },
): Promise<void> {
  const { practice, contact: body, slot } = booked;
  const language = booked.language ?? DEFAULT_LANGUAGE;
  const patientName = `${body.first_name} ${body.last_name}`;
  const patientReasonName = booked.patientReasonName ?? booked.reasonName;
  const details = detailsIn(language, patientReasonName);
  const when = slot
    ? describeAppointmentTime(slot.startsAt, timeZoneAtClinic(practice, booked.clinicNum), language)
    : null;
  const subject = when
    ? body.booker
      ? t(language, 'subjectBookedFor', { patient: patientName, practice: practice.name, when })
      : t(language, 'subjectBooked', { practice: practice.name, when })
    : body.booker
      ? t(language, 'subjectRequestedFor', { patient: patientName, practice: practice.name })
      : t(language, 'subjectRequested', { practice: practice.name });

  // Staff may book a patient who phoned and gave only a mobile number (ADR 0038): no e-mail to send.
  if (body.email)
    await enqueueEmail(tx, {
      to: body.email,
      subject,
      text: [
        t(language, 'greeting', { name: body.booker?.first_name ?? body.first_name }),
        '',
        body.booker
          ? slot
            ? t(language, 'bookedFor', { patient: patientName })
            : t(language, 'requestedFor', { patient: patientName })
          : slot
            ? t(language, 'booked')
            : t(language, 'requested'),
        '',
        ...details,
        '',
        ...(booked.unpaidCents !== undefined && booked.manageUrl ? [t(language, 'howToPay')] : []),
        ...(booked.manageUrl
          ? [
              ...(slot ? [t(language, 'calendarFileAttached')] : []),
              t(language, 'manageLink', { url: booked.manageUrl }),
            ]
          : [slot ? t(language, 'calendarAttached') : t(language, 'callSooner')]),
        '',
        // A patient who phoned did not book online (ADR 0066).
        t(language, booked.isBookedByStaff ? 'bookedByOffice' : 'bookedVia', { product: PRODUCT_NAME }),
      ].join('\n'),
      ...(slot
        ? {
            attachments: [
              calendarAttachment(
                bookingIcs('booked', {
                  uid: calendarUidOf(booked.appointmentId),
                  sequence: resend?.sequence ?? 0,
                  start: slot.startsAt,
                  end: slot.endsAt,
                  timeZone: timeZoneAtClinic(practice, booked.clinicNum),
                  summary: calendarSummaryOf(language, patientReasonName, practice.name),
                  description: details.join('\n'),
                  location: where,
                  organizerName: practice.name,
                  organizerEmail: calendarOrganizerEmail(practice),
                  attendee: { name: patientName, email: body.email },
                  now,
                }),
              ),
            ],
          }
        : {}),
      idempotencyKey: resend?.idempotencyKey ?? `booking-confirmation:${booked.appointmentId}`,
      practiceId: practice.id,
      appointmentId: booked.appointmentId,
    });
}
