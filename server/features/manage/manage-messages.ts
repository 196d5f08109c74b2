import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { calendarUidOf } from '#domain/booking/booking-lifecycle.ts';
import type { CancelReason } from '#domain/booking/manage-schemas.ts';
import { bookingIcs, buildIcsEvent, calendarSequence, type BookingChange } from '#domain/calendar/ics-calendar.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import { reasonNameIn } from '#domain/practice/practice-translations.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Queryable } from '../../db/database.ts';
import { formatDollars } from '../../i18n/money.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import {
  appointmentDetailLines,
  calendarAttachment,
  calendarOrganizerEmail,
  calendarSummaryOf,
} from '../bookings/booking-messages.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import type { BookingState, BookingView } from '../bookings/booking-view.ts';
import { placeOf } from './manage-view.ts';
import * as messages from './manage-messages.messages.ts';

const t = translator(messages);

/** Practice-facing labels of the reasons a patient may give (the console stays English, ADR 0034). */
const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  schedule_conflict: 'schedule conflict', // practice-facing
  feeling_better: 'feeling better', // practice-facing
  booked_elsewhere: 'booked elsewhere', // practice-facing
  cost: 'cost', // practice-facing
  other: 'other', // practice-facing
};

interface Rendered {
  lines: (lang: Language) => string[];
  where: string;
  patientName: string;
}

/** A time of this booking, told on its clinic's clock (ADR 0061). */
const describeAt = (instant: Date, row: BookingView, practice: PracticeRow, lang?: Language) =>
  describeAppointmentTime(instant, timeZoneAtClinic(practice, row.pms_clinic_num), lang);

/** The booking's lines in a language, as every message about it carries them. */
function render(row: BookingView, practice: PracticeRow): Rendered {
  const { where, phone } = placeOf(row, practice, row.language);
  return {
    where,
    patientName: `${row.first_name} ${row.last_name}`,
    lines: (lang) =>
      appointmentDetailLines(lang, {
        startsAt: row.starts_at,
        timeZone: timeZoneAtClinic(practice, row.pms_clinic_num),
        reference: row.reference,
        where,
        phone: phone ? formatPhone(phone) : null,
        // The practice reads the reason's own name; the patient reads it in their language.
        reasonName:
          lang === DEFAULT_LANGUAGE
            ? row.reason_name
            : reasonNameIn({ name: row.reason_name, translations: row.reason_translations }, lang),
        provider: row.provider_name,
        paidCents: row.payment_status === null ? undefined : (row.amount_cents ?? 0),
      }),
  };
}

/** The booking's calendar event: one UID for its whole life, SEQUENCE = moves so far. */
function calendarEvent(row: BookingView, practice: PracticeRow, rendered: Rendered, now: Date) {
  return {
    uid: calendarUidOf(row.id),
    sequence: row.reschedule_count,
    start: row.starts_at!,
    end: row.ends_at!,
    timeZone: timeZoneAtClinic(practice, row.pms_clinic_num),
    summary: calendarSummaryOf(
      row.language,
      reasonNameIn({ name: row.reason_name, translations: row.reason_translations }, row.language),
      practice.name,
    ),
    description: rendered.lines(row.language).join('\n'),
    location: rendered.where,
    organizerName: practice.name,
    organizerEmail: calendarOrganizerEmail(practice),
    attendee: { name: rendered.patientName, email: row.email ?? calendarOrganizerEmail(practice) },
    now,
  };
}

const calendarFile = (change: BookingChange, row: BookingView, practice: PracticeRow, rendered: Rendered, now: Date) =>
  bookingIcs(change, calendarEvent(row, practice, rendered, now));

/** The file `GET manage/{token}/calendar.ics` downloads: the booking as it is now, to import (PUBLISH). */
export function managedIcs(row: BookingView, practice: PracticeRow, now: Date): string {
  const isCancelled = ['cancelled', 'expired', 'refunded', 'no_show'].includes(row.status);
  const event = calendarEvent(row, practice, render(row, practice), now);
  return buildIcsEvent({
    ...event,
    sequence: calendarSequence(event.sequence, isCancelled),
    method: 'PUBLISH',
    status: isCancelled ? 'CANCELLED' : 'CONFIRMED',
  });
}

/**
 * After a move: the patient's update (with the calendar update and a fresh manage link) and the
 * practice's notice. `by: 'staff'` (the console): the practice moved it itself, so no notice.
 */
export async function queueRescheduleMessages(
  tx: Queryable,
  change: {
    row: BookingView;
    practice: PracticeRow;
    previous: Pick<BookingState, 'starts_at'>;
    now: Date;
    publicUrl: string;
    by?: 'patient' | 'staff';
  },
): Promise<void> {
  const { row, practice, previous, now } = change;
  const lang = row.language;
  const rendered = render(row, practice);
  const ics = calendarFile('rescheduled', row, practice, rendered, now);
  const when = describeAt(row.starts_at!, row, practice, lang);
  const before = previous.starts_at ? describeAt(previous.starts_at, row, practice, lang) : null;
  const link = await mintManageLink(tx, {
    appointmentId: row.id,
    formUrl: practice.form_url,
    carriedBy: 'reschedule',
    now,
  });
  if (row.email) {
    await enqueueEmail(tx, {
      to: row.email,
      subject: t(lang, 'subjectMoved', { practice: practice.name, when }),
      text: [
        t(lang, 'greeting', { name: row.booker_first_name ?? row.first_name }),
        '',
        t(lang, 'moved'),
        '',
        ...rendered.lines(lang),
        ...(before ? [t(lang, 'previousTime', { when: before })] : []),
        ...(row.payment_status === 'paid' ? ['', t(lang, 'paymentKept')] : []),
        '',
        t(lang, 'calendarUpdates'),
        t(lang, 'manageLink', { url: link.url(change.publicUrl, lang) }),
        '',
        t(lang, row.is_booked_by_staff ? 'bookedByOffice' : 'bookedVia', { product: PRODUCT_NAME }),
      ].join('\n'),
      attachments: [calendarAttachment(ics)],
      idempotencyKey: `manage-reschedule:${row.id}:${row.reschedule_count}`,
      practiceId: row.practice_id,
      appointmentId: row.id,
    });
  }
  if (practice.notification_email && change.by !== 'staff') {
    const practiceWhen = describeAt(row.starts_at!, row, practice);
    await enqueueEmail(tx, {
      to: practice.notification_email,
      // practice-facing
      subject: `Appointment moved online: ${rendered.patientName}, ${practiceWhen}`,
      text: [
        // practice-facing
        'A patient moved their appointment from its manage link.',
        '',
        ...rendered.lines(DEFAULT_LANGUAGE),
        // practice-facing
        ...(previous.starts_at ? [`Previous time: ${describeAt(previous.starts_at, row, practice)}`] : []),
        `Appointment id: ${row.id}`,
      ].join('\n'),
      attachments: [calendarAttachment(ics)],
      idempotencyKey: `manage-reschedule-notice:${row.id}:${row.reschedule_count}`,
      practiceId: row.practice_id,
      appointmentId: row.id,
    });
  }
}

/**
 * After a cancellation: the patient's confirmation (with the calendar's removal, what happens to
 * the deposit, and the way back to the booking page) and the practice's notice.
 * `refundCents`: refunded (> 0), kept (0), or nothing to say (null). `by: 'staff'` (the console):
 * the practice cancelled it itself, so no notice.
 */
export async function queueCancellationMessages(
  tx: Queryable,
  change: {
    row: BookingView;
    practice: PracticeRow;
    refundCents: number | null;
    reason: CancelReason | null;
    now: Date;
    publicUrl: string;
    by?: 'patient' | 'staff';
  },
): Promise<void> {
  const { row, practice, refundCents, now } = change;
  const lang = row.language;
  const rendered = render(row, practice);
  const ics = row.starts_at && row.ends_at ? calendarFile('cancelled', row, practice, rendered, now) : null;
  const amount = (lang2: Language) => formatDollars(row.amount_cents ?? 0, lang2);
  const origin = new URL(change.publicUrl).origin;
  const link = await mintManageLink(tx, {
    appointmentId: row.id,
    formUrl: practice.form_url,
    carriedBy: 'cancellation',
    now,
  });
  const money =
    refundCents === null
      ? []
      : refundCents > 0
        ? [t(lang, 'refunded', { amount: formatDollars(refundCents, lang) })]
        : [t(lang, 'depositKept', { amount: amount(lang), hours: practice.refund_deposit_if_cancelled_hours_before })];
  if (row.email) {
    await enqueueEmail(tx, {
      to: row.email,
      subject: t(lang, 'subjectCancelled', { practice: practice.name }),
      text: [
        t(lang, 'greeting', { name: row.booker_first_name ?? row.first_name }),
        '',
        t(lang, 'cancelled'),
        '',
        ...rendered.lines(lang),
        ...(money.length > 0 ? ['', ...money] : []),
        '',
        ...(ics ? [t(lang, 'calendarRemoves')] : []),
        t(lang, 'bookAgain', { url: `${origin}/${practice.form_url}` }),
        t(lang, 'managePage', { url: link.url(change.publicUrl, lang) }),
        '',
        t(lang, row.is_booked_by_staff ? 'bookedByOffice' : 'bookedVia', { product: PRODUCT_NAME }),
      ].join('\n'),
      ...(ics ? { attachments: [calendarAttachment(ics)] } : {}),
      idempotencyKey: `manage-cancel:${row.id}`,
      practiceId: row.practice_id,
      appointmentId: row.id,
    });
  }
  if (practice.notification_email && change.by !== 'staff') {
    const moneyLine =
      refundCents === null
        ? []
        : refundCents > 0
          ? [`Deposit refunded: ${formatDollars(refundCents, DEFAULT_LANGUAGE)}`]
          : [`Deposit kept: ${amount(DEFAULT_LANGUAGE)} (cancelled inside the refund window)`];
    const when = row.starts_at ? `, ${describeAt(row.starts_at, row, practice)}` : '';
    await enqueueEmail(tx, {
      to: practice.notification_email,
      // practice-facing
      subject: `Appointment cancelled online: ${rendered.patientName}${when}`,
      text: [
        // practice-facing
        'A patient cancelled their appointment from its manage link. The time is free again for online booking.',
        '',
        ...rendered.lines(DEFAULT_LANGUAGE),
        // practice-facing
        `Reason given: ${change.reason ? CANCEL_REASON_LABELS[change.reason] : 'none'}`,
        ...moneyLine,
        `Appointment id: ${row.id}`,
      ].join('\n'),
      ...(ics ? { attachments: [calendarAttachment(ics)] } : {}),
      idempotencyKey: `manage-cancel-notice:${row.id}`,
      practiceId: row.practice_id,
      appointmentId: row.id,
    });
  }
}
