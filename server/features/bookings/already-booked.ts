import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueEmail, enqueueSms } from '../../jobs/message-jobs.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { findContactOnFile, findOverlapOfPatient } from './bookings-repository.ts';
import * as messages from './already-booked.messages.ts';

const t = translator(messages);

/**
 * 409 PATIENT_ALREADY_BOOKED (ADR 0062): the same person already holds a booking at that time. The
 * answer says nothing of that booking (ADR 0027); the booking's own manage link goes again to the
 * contact on file, after this transaction rolls back (`resendingOnAlreadyBooked`).
 */
export class PatientAlreadyBookedError extends AppError {
  constructor(readonly existingAppointmentId: string) {
    super(409, 'PATIENT_ALREADY_BOOKED', t.localized('refusal'));
  }
}

/**
 * Inside the booking transaction, after the slot check (SLOT_TAKEN comes first), once the patient's lock is held
 * (`queueBehindSamePatientAndChairBookings`): a statement of its own, so it sees what the lock waited for.
 */
export async function refuseSecondChairOfPatient(
  tx: Queryable,
  who: { patientId: string; email: string; wirelessPhone: string },
  slot: { startsAt: Date; endsAt: Date },
): Promise<void> {
  const existing = await findOverlapOfPatient(tx, who, slot.startsAt, slot.endsAt);
  if (existing) throw new PatientAlreadyBookedError(existing);
}

/**
 * Runs a booking; when it is refused as the patient's second chair, sends the existing booking's
 * manage link again in a transaction of its own, then passes the refusal on.
 */
export async function resendingOnAlreadyBooked<T>(
  deps: { db: Database; clock: Clock; publicUrl: string },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PatientAlreadyBookedError)
      await deps.db.transaction((tx) => resendManageLink(tx, deps, error.existingAppointmentId));
    throw error;
  }
}

async function resendManageLink(
  tx: Queryable,
  deps: { clock: Clock; publicUrl: string },
  appointmentId: string,
): Promise<void> {
  const onFile = await findContactOnFile(tx, appointmentId);
  if (!onFile) return;
  const now = deps.clock.now();
  const { language: lang, practice_name: practice } = onFile;
  const link = await mintManageLink(tx, { appointmentId, formUrl: onFile.form_url, carriedBy: 'already_booked', now });
  const url = link.url(deps.publicUrl, lang);
  // One notice an hour per booking, however often the time is asked for again.
  const idempotencyKey = `already-booked:${appointmentId}:${Math.floor(now.getTime() / 3_600_000)}`;
  const tracking = { practiceId: onFile.practice_id, appointmentId, idempotencyKey };
  if (onFile.email) {
    const name = onFile.booker_first_name ?? onFile.first_name;
    const text = [t(lang, 'greeting', { name }), '', t(lang, 'body'), '', t(lang, 'manageLink', { url })];
    await enqueueEmail(tx, {
      to: onFile.email,
      subject: t(lang, 'subject', { practice }),
      text: text.join('\n'),
      ...tracking,
    });
  } else if (onFile.wireless_phone && onFile.is_concented) {
    await enqueueSms(tx, { to: onFile.wireless_phone, text: t(lang, 'text', { practice, url }), ...tracking });
  }
}
