import type { Queryable } from '../../../db/database.ts';
import { mintManageLink } from '../../booking-links/manage-links.ts';
import { bookedAppointmentOf } from '../../bookings/booked-appointment.ts';
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
  const stored = { ...row, dob: detail.dob ?? '', patient_status: detail.patient_status, message: '' };
  await queuePatientConfirmation(
    tx,
    bookedAppointmentOf(stored, practice, {
      ...(row.payment_status === 'paid' ? { paidCents: row.amount_cents ?? 0 } : {}),
      isBookedByStaff: row.is_booked_by_staff,
      manageUrl: link.url(context.publicUrl, row.language),
    }),
    context.now,
    { idempotencyKey: context.idempotencyKey, sequence: row.reschedule_count },
  );
}
