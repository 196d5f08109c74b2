import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { calendarUidOf } from '#domain/booking/booking-lifecycle.ts';
import { bookingIcs, icsContentType } from '#domain/calendar/ics-calendar.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import type { Language } from '#domain/i18n/languages.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Queryable } from '../../db/database.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import { practiceAddress, practiceTextsIn } from '../practices/practice-texts.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import { calendarOrganizerEmail } from '../bookings/booking-messages.ts';
import type { AppointmentToChange } from './pms-change-repository.ts';
import {
  appointmentNoticeDetails,
  queueOpenDentalNotice,
  type NoticeStage,
  type NoticeText,
} from './pms-write-notices.ts';
import * as messages from './pms-change-notices.messages.ts';

const t = translator(messages);

/** A change whose new time Open Dental had given away, and what became of the booking. */
export interface UndoneMove {
  /** The booking as it is now: back at its old time, or still at the new one (the office will call). */
  appointment: AppointmentToChange;
  outcome: 'moved_back' | 'needs_call';
  /** The time the patient asked for and did not get. */
  wanted: Date;
  /** Open Dental's appointment that holds the wanted time. */
  takenBy: { aptNum: number; aptDateTime: string };
  /** Names the e-mails (one per change, however often the job runs). */
  changeKey: string;
  now: Date;
}

/** The patient hears in their language; the practice hears in English (ADR 0034). */
export async function queueUndoneMoveNotices(tx: Queryable, practice: PracticeRow, undone: UndoneMove): Promise<void> {
  await queuePatientEmail(tx, practice, undone);
  if (!practice.notification_email) return;
  const a = undone.appointment;
  const name = `${a.first_name} ${a.last_name}`;
  const wanted = describeAppointmentTime(undone.wanted, timeZoneAtClinic(practice, a.pms_clinic_num));
  const current = a.starts_at
    ? describeAppointmentTime(a.starts_at, timeZoneAtClinic(practice, a.pms_clinic_num))
    : 'no time';
  // practice-facing
  const taken = `Open Dental already had appointment ${undone.takenBy.aptNum} at ${undone.takenBy.aptDateTime} there.`;
  // practice-facing: the practice's own notice, in English (the lines below are all the practice's)
  await enqueueEmail(tx, {
    to: practice.notification_email,
    subject:
      undone.outcome === 'moved_back'
        ? `Online reschedule undone: ${name} stays at ${current}` // practice-facing
        : `Please call the patient: online reschedule not possible for ${name}`, // practice-facing
    text: [
      `${name} moved their booking online to ${wanted}, but the move could not be written into Open Dental. ${taken}`,
      '',
      undone.outcome === 'moved_back'
        ? `We put the booking back at its previous time, ${current}, where Open Dental still has it ` +
          `(appointment ${a.pms_apt_num}). The patient was told by e-mail.`
        : `Their previous time is no longer free either. The booking stays at ${current} with us, and at its ` +
          `previous time in Open Dental (appointment ${a.pms_apt_num}). Please call the patient to agree a time, ` +
          `and update Open Dental; the patient was told by e-mail that you will call.`,
      '',
      ...appointmentNoticeDetails(a, practice),
    ].join('\n'),
    idempotencyKey: `pms-change-undone:${undone.changeKey}`,
  });
}

async function queuePatientEmail(tx: Queryable, practice: PracticeRow, undone: UndoneMove): Promise<void> {
  const a = undone.appointment;
  if (!a.email) return;
  const lang: Language = a.language;
  const texts = practiceTextsIn(practice, lang);
  const phoneNumber = a.clinic_phone ?? practice.phone;
  const phone = phoneNumber ? formatPhone(phoneNumber) : null;
  const wanted = describeAppointmentTime(undone.wanted, timeZoneAtClinic(practice, a.pms_clinic_num), lang);
  const isMovedBack = undone.outcome === 'moved_back' && a.starts_at !== null && a.ends_at !== null;
  const when = a.starts_at
    ? describeAppointmentTime(a.starts_at, timeZoneAtClinic(practice, a.pms_clinic_num), lang)
    : null;
  const lines = [
    ...(isMovedBack && when ? [t(lang, 'when', { when })] : []),
    t(lang, 'reference', { reference: a.reference }),
  ];
  await enqueueEmail(tx, {
    to: a.email,
    subject:
      isMovedBack && when
        ? t(lang, 'subjectMovedBack', { practice: texts.name, when })
        : t(lang, 'subjectCall', { practice: texts.name }),
    text: [
      t(lang, 'greeting', { name: a.booker_first_name ?? a.first_name }),
      '',
      isMovedBack ? t(lang, 'movedBack', { wanted }) : t(lang, 'call', { wanted }),
      '',
      ...lines,
      '',
      phone ? t(lang, 'callOffice', { phone }) : t(lang, 'callOfficeNoPhone'),
      ...(isMovedBack ? [t(lang, 'calendarUpdates')] : []),
      t(lang, 'sorry'),
      '',
      PRODUCT_NAME,
    ].join('\n'),
    ...(isMovedBack ? { attachments: [calendarFile(a, practice, texts.name, lines, undone.now)] } : {}),
    idempotencyKey: `pms-change-undone-patient:${undone.changeKey}`,
  });
}

/**
 * The event back at its old time. SEQUENCE stays the move's count (the undo does not change the
 * count, see moveBookingBack); the later DTSTAMP makes this file the newer version for
 * calendars (RFC 5546 §2.1.5).
 */
function calendarFile(a: AppointmentToChange, practice: PracticeRow, practiceName: string, lines: string[], now: Date) {
  const content = bookingIcs('rescheduled', {
    uid: calendarUidOf(a.id),
    sequence: a.reschedule_count,
    start: a.starts_at!,
    end: a.ends_at!,
    timeZone: timeZoneAtClinic(practice, a.pms_clinic_num),
    // Only the practice's name: the reason for the visit stays out of this e-mail.
    summary: practiceName,
    description: lines.join('\n'),
    location: practiceAddress(practice) ?? practiceName,
    organizerName: practice.name,
    organizerEmail: calendarOrganizerEmail(practice),
    attendee: { name: `${a.first_name} ${a.last_name}`, email: a.email ?? calendarOrganizerEmail(practice) },
    now,
  });
  return { filename: 'appointment.ics', contentType: icsContentType(content), content };
}

// practice-facing: the practice's own notices, in English
const CHANGE_NOTICES: Record<
  NoticeStage,
  (a: AppointmentToChange, change: ChangeNotice, reason: string) => NoticeText
> = {
  delayed: (a, change, reason) => ({
    subject: `Online ${KIND_LABELS[change.kind]} not yet in Open Dental: ${a.first_name} ${a.last_name}`,
    happened:
      `${a.first_name} ${a.last_name} ${describeChange(change)} online; ` +
      'we could not write this into Open Dental yet.',
    answer: `Open Dental's answer: ${reason}`,
    officeAction: 'We keep trying over the next hours; you will get another e-mail if we give up.',
  }),
  failed: (a, change, reason) => ({
    subject: `Please update Open Dental by hand: online ${KIND_LABELS[change.kind]} for ${a.first_name} ${a.last_name}`,
    happened:
      `${a.first_name} ${a.last_name} ${describeChange(change)} online, ` +
      'but we could not write this into Open Dental.',
    answer: `Reason: ${reason}`,
    officeAction:
      'Please make the same change in Open Dental by hand (or call the patient if it is no longer possible).',
  }),
};

/** The practice hears once per change when the change is late, and once when it could not be written at all. */
export async function queueChangeNotice(
  stage: NoticeStage,
  tx: Queryable,
  practice: PracticeRow,
  a: AppointmentToChange,
  change: ChangeNotice,
  reason: string,
): Promise<void> {
  const text = CHANGE_NOTICES[stage](a, change, reason);
  await queueOpenDentalNotice(tx, practice, a, { ...text, idempotencyKey: `pms-change-${stage}:${change.key}` });
}

export interface ChangeNotice {
  kind: 'reschedule' | 'cancel';
  key: string;
  /** Open Dental's appointment; null when the booking was never written there by us. */
  aptNum: number | null;
}

const KIND_LABELS = { reschedule: 'reschedule', cancel: 'cancellation' } as const; // practice-facing

function describeChange(change: ChangeNotice): string {
  const which =
    change.aptNum === null
      ? 'their booking (not in Open Dental through us: it was to be entered by hand)'
      : `their booking (Open Dental appointment ${change.aptNum})`;
  return change.kind === 'reschedule' ? `moved ${which}` : `cancelled ${which}`;
}
