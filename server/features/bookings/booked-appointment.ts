import { reasonNameIn } from '#domain/practice/practice-translations.ts';
import type { Queryable } from '../../db/database.ts';
import { findJobByKey } from '../../jobs/jobs-repository.ts';
import { messageJobKey } from '../../jobs/message-jobs.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { findPracticeById, type PracticeRow } from '../practices/practices-service.ts';
import type { BookedAppointment } from './booking-messages.ts';
import { selectBookedMessageRow, type BookedMessageRow } from './booking-view-repository.ts';

/** A stored booking as its confirmation and the practice's notice tell it (ADR 0069). */
export function bookedAppointmentOf(
  row: Omit<
    BookedMessageRow,
    'practice_id' | 'status' | 'payment_status' | 'amount_cents' | 'reschedule_count' | 'is_booked_by_staff'
  > &
    Partial<BookedMessageRow>,
  practice: PracticeRow,
  extra: Pick<BookedAppointment, 'isBookedByStaff' | 'manageUrl' | 'paidCents' | 'unpaidCents'>,
): BookedAppointment {
  return {
    appointmentId: row.id,
    reference: row.reference,
    practice,
    reasonName: row.reason_name,
    patientReasonName: reasonNameIn({ name: row.reason_name, translations: row.reason_translations }, row.language),
    contact: {
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email ?? '',
      wireless_phone: row.wireless_phone ?? '',
      dob: row.dob,
      patient_status: row.patient_status,
      booker: row.booker_first_name
        ? { first_name: row.booker_first_name, last_name: row.booker_last_name ?? '' }
        : null,
    },
    composedMessage: row.message,
    clinicNum: row.pms_clinic_num,
    slot:
      row.starts_at && row.ends_at ? { startsAt: row.starts_at, endsAt: row.ends_at, provNum: row.pms_prov_num } : null,
    language: row.language,
    ...extra,
  };
}

/**
 * The booking and its practice for a subscriber that messages about it, with a manage link minted for the message
 * in the subscriber's transaction (ADR 0069: the link need not exist with the booking, only with its message). Null
 * when the booking is gone, or when `sentKey`'s e-mail was queued by an earlier run (nothing is minted twice).
 */
export async function loadForMessage(
  tx: Queryable,
  appointmentId: string,
  context: { sentKey: string; carriedBy: string; now: Date; publicUrl: string },
): Promise<{ row: BookedMessageRow; practice: PracticeRow; manageUrl: string } | null> {
  if (await isMessageQueued(tx, context.sentKey)) return null;
  const row = await selectBookedMessageRow(tx, appointmentId);
  const practice = row ? await findPracticeById(tx, row.practice_id) : null;
  if (!row || !practice) return null;
  const link = await mintManageLink(tx, {
    appointmentId,
    formUrl: practice.form_url,
    carriedBy: context.carriedBy,
    now: context.now,
  });
  return { row, practice, manageUrl: link.url(context.publicUrl, row.language) };
}

/** A message of this key was queued by an earlier run of its subscriber (a retry, a lease taken over). */
export async function isMessageQueued(tx: Queryable, idempotencyKey: string): Promise<boolean> {
  return (await findJobByKey(tx, messageJobKey('email', idempotencyKey))) !== null;
}
