import { reasonNameIn } from '#domain/practice/practice-translations.ts';
import type { Queryable } from '../../../db/database.ts';
import { mintManageLink } from '../../booking-links/manage-links.ts';
import { queuePatientConfirmation } from '../../bookings/booking-messages.ts';
import type { BookingView } from '../../bookings/booking-view.ts';
import type { PracticeRow } from '../../practices/practices-service.ts';
import type { DetailRow } from './staff-schedule-repository.ts';

/**
 * The patient's confirmation e-mail of a booking as it is now, with a fresh manage link: sent again
 * from the console, or sent when staff give a request its time (the patient learns the time here);
 * nothing without an e-mail address (a phone booking may have none).
 * `idempotencyKey` tells one sending from another; the calendar's SEQUENCE is the booking's moves.
 */
export async function queueStaffConfirmation(
  tx: Queryable,
  booking: { detail: DetailRow; row: BookingView; practice: PracticeRow },
  context: { now: Date; publicUrl: string; idempotencyKey: string },
): Promise<void> {
  const { detail, row, practice } = booking;
  const link = await mintManageLink(tx, {
    appointmentId: row.id,
    formUrl: practice.form_url,
    carriedBy: 'confirmation',
    now: context.now,
  });
  await queuePatientConfirmation(
    tx,
    {
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
        dob: detail.dob ?? '',
        patient_status: detail.patient_status,
        booker: row.booker_first_name
          ? { first_name: row.booker_first_name, last_name: row.booker_last_name ?? '' }
          : null,
      },
      composedMessage: '',
      clinicNum: row.pms_clinic_num,
      slot:
        row.starts_at && row.ends_at
          ? { startsAt: row.starts_at, endsAt: row.ends_at, provNum: row.pms_prov_num }
          : null,
      ...(row.payment_status === 'paid' ? { paidCents: row.amount_cents ?? 0 } : {}),
      language: row.language,
      isBookedByStaff: row.is_booked_by_staff,
      manageUrl: link.url(context.publicUrl, row.language),
    },
    context.now,
    { idempotencyKey: context.idempotencyKey, sequence: row.reschedule_count },
  );
}
