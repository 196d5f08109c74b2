import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { quotePatientText } from '#domain/format/patient-text.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Queryable } from '../../db/database.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import type { AppointmentToWrite } from './pms-write-repository.ts';

/** A notice to the practice about Open Dental: what happened, Open Dental's answer, what to do, and the booking. */
export interface OpenDentalNotice {
  subject: string;
  happened: string;
  answer: string;
  officeAction: string;
  /** Makes the e-mail go out once however often the job runs. */
  idempotencyKey: string;
}

export async function queueOpenDentalNotice(
  db: Queryable,
  practice: PracticeRow,
  a: AppointmentToWrite,
  notice: OpenDentalNotice,
): Promise<void> {
  if (!practice.notification_email) return;
  await enqueueEmail(db, {
    to: practice.notification_email,
    subject: notice.subject,
    text: [notice.happened, notice.answer, '', notice.officeAction, '', ...appointmentNoticeDetails(a, practice)].join(
      '\n',
    ),
    idempotencyKey: notice.idempotencyKey,
  });
}

/** Once when the first attempt fails (we keep trying), once when we give up (do it by hand). */
export type NoticeStage = 'delayed' | 'failed';

export type NoticeText = Omit<OpenDentalNotice, 'idempotencyKey'>;

// practice-facing: the practice's own notices, in English
const WRITE_NOTICES: Record<NoticeStage, (a: AppointmentToWrite, practice: PracticeRow, reason: string) => NoticeText> =
  {
    delayed: (a, practice, reason) => ({
      subject: `Online booking not yet in Open Dental: ${a.first_name} ${a.last_name}, ${when(a, practice)}`,
      happened:
        `${a.first_name} ${a.last_name} booked online, and the booking is confirmed with us, but we could not write ` +
        `it into Open Dental yet.`,
      answer: `Open Dental's answer: ${reason}`,
      officeAction:
        'We keep trying over the next hours; you will get another e-mail if we give up. Please keep the time free.',
    }),
    failed: (a, practice, reason) => ({
      subject: `Please enter this online booking in Open Dental: ${a.first_name} ${a.last_name}, ${when(a, practice)}`,
      happened:
        `${a.first_name} ${a.last_name} booked online and the booking is confirmed with us, but it could not be ` +
        `written into Open Dental.`,
      answer: `Reason: ${reason}`,
      officeAction: 'Please enter it by hand (or call the patient if the time is no longer free).',
    }),
  };

/** The practice hears about a booking that is not in Open Dental, once per stage. */
export async function queueWriteNotice(
  stage: NoticeStage,
  db: Queryable,
  practice: PracticeRow,
  a: AppointmentToWrite,
  reason: string,
): Promise<void> {
  const text = WRITE_NOTICES[stage](a, practice, reason);
  await queueOpenDentalNotice(db, practice, a, { ...text, idempotencyKey: `pms-write-${stage}:${a.id}` });
}

function when(a: AppointmentToWrite, practice: PracticeRow): string {
  return a.starts_at ? describeAppointmentTime(a.starts_at, timeZoneAtClinic(practice, a.pms_clinic_num)) : 'no time';
}

/** The booking's lines in every notice to the practice about Open Dental. */
export function appointmentNoticeDetails(a: AppointmentToWrite, practice: PracticeRow): string[] {
  return [
    `Patient: ${a.first_name} ${a.last_name}, born ${a.dob}`,
    `Phone: ${a.wireless_phone ? formatPhone(a.wireless_phone) : '-'}`,
    `E-mail: ${a.email ?? '-'}`,
    `When: ${when(a, practice)}`,
    `Provider number: ${a.pms_prov_num}, operatory number: ${a.pms_op_num}`,
    `Reason: ${a.reason_name ?? '-'}`,
    quotePatientText('Note from the booking form', a.message),
    `Appointment id: ${a.id}`,
  ];
}
