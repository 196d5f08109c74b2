import { calendarUidOf } from '#domain/booking/booking-lifecycle.ts';
import { buildIcsEvent } from '#domain/calendar/ics-calendar.ts';
import { addressLine } from '#domain/format/address-format.ts';
import { quotePatientText } from '#domain/format/patient-text.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import type { Queryable } from '../../db/database.ts';
import { formatDollars } from '../../i18n/money.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { findProviderName, type PracticeRow } from '../practices/practices-repository.ts';
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
  /** Null for a request without a time ("Proceed Without Slots"). */
  slot: { startsAt: Date; endsAt: Date; provNum: number } | null;
  composedMessage: string;
  /** The patient's manage page (issue 20), minted for this message; absent: the e-mail says to call. */
  manageUrl?: string | null;
}

/**
 * Queues the patient's confirmation (with a calendar file) and the practice's notification in
 * the booking transaction: both commit with the booking or not at all, and the worker retries
 * them until they are delivered, so a mail outage never fails or loses a booking.
 */
export async function queueBookingMessages(tx: Queryable, booked: BookedAppointment, now: Date): Promise<void> {
  const { practice, contact: body, slot } = booked;
  const language = booked.language ?? DEFAULT_LANGUAGE;
  const provider = slot ? await findProviderName(tx, practice.id, slot.provNum) : null;
  const patientName = `${body.first_name} ${body.last_name}`;
  const where = [practice.name, addressLine({ display_address: practice.display_address, pms_address1: practice.address_line1, city: practice.city, state: practice.state, zip: practice.zipcode })]
    .filter(Boolean)
    .join(', ');
  const phone = practice.phone ? formatPhone(practice.phone) : null;
  // The lines both the e-mail and the calendar file carry, in one language.
  const detailsIn = (lang: Language, reasonName: string) => {
    const when = slot ? describeAppointmentTime(slot.startsAt, practice.server_tz, lang) : null;
    return [
      when ? t(lang, 'when', { when }) : t(lang, 'whenToAgree'),
      t(lang, 'reference', { reference: booked.reference }),
      t(lang, 'where', { where }),
      phone ? t(lang, 'phone', { phone }) : null,
      t(lang, 'reason', { reason: reasonName }),
      slot ? t(lang, 'provider', { provider: provider ?? t(lang, 'firstAvailable') }) : null,
      booked.paidCents !== undefined ? t(lang, 'paid', { amount: formatDollars(booked.paidCents, lang) }) : null,
    ].filter((line): line is string => line !== null);
  };
  const patientReasonName = booked.patientReasonName ?? booked.reasonName;
  const details = detailsIn(language, patientReasonName);
  const when = slot ? describeAppointmentTime(slot.startsAt, practice.server_tz, language) : null;
  const subject = when
    ? body.booker
      ? t(language, 'subjectBookedFor', { patient: patientName, practice: practice.name, when })
      : t(language, 'subjectBooked', { practice: practice.name, when })
    : body.booker
      ? t(language, 'subjectRequestedFor', { patient: patientName, practice: practice.name })
      : t(language, 'subjectRequested', { practice: practice.name });

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
      ...(booked.manageUrl
        ? [...(slot ? [t(language, 'calendarFileAttached')] : []), t(language, 'manageLink', { url: booked.manageUrl })]
        : [slot ? t(language, 'calendarAttached') : t(language, 'callSooner')]),
      '',
      t(language, 'bookedVia', { product: PRODUCT_NAME }),
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
                summary: t(language, 'calendarSummary', { reason: patientReasonName, practice: practice.name }),
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

  // The practice's own notice stays in English (ADR 0034).
  const practiceDetails = detailsIn(DEFAULT_LANGUAGE, booked.reasonName);
  const practiceWhen = slot ? describeAppointmentTime(slot.startsAt, practice.server_tz) : null;
  if (practice.notification_email) {
    const patient = `${body.first_name} ${body.last_name}`;
    await enqueueEmail(tx, {
      to: practice.notification_email,
      // practice-facing
      subject: slot ? `New booking: ${patient}, ${practiceWhen}` : `New appointment request (no time chosen): ${patient}`,
      text: [
        // practice-facing
        slot ? 'A patient booked online.' : 'A patient asked for an appointment while the schedule was unavailable. Please call them to agree a time.',
        '',
        ...practiceDetails,
        `Patient: ${patient}, born ${body.dob}${body.patient_status ? `, ${body.patient_status}` : ''}`,
        `Email: ${body.email}`,
        `Phone: ${body.wireless_phone}`,
        // The patient's own words (message, insurance) ride in here: quoted, so they cannot forge a line.
        // practice-facing
        quotePatientText('Details from the booking form', booked.composedMessage),
        `Appointment id: ${booked.appointmentId}`,
      ].join('\n'),
      idempotencyKey: `booking-notification:${booked.appointmentId}`,
    });
  }
}
