import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { enqueueEmail } from '../../jobs/message-jobs.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle-service.ts';
import { findBookingView } from '../bookings/booking-view.ts';
import { findPracticeById } from '../practices/practices-service.ts';

export type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'not_confirmable';

class NotConfirmable extends Error {}

/**
 * The patient says they will come (a `C` reply, the manage page's Confirm button): an upcoming
 * booked visit becomes confirmed through the lifecycle service, which writes it to Open Dental
 * too; the practice's notice follows the event. Confirming twice is no error; a cancelled, past
 * or unscheduled booking is not confirmable.
 */
export async function confirmVisit(
  deps: { lifecycle: BookingLifecycle; clock: Clock },
  appointmentId: string,
): Promise<ConfirmOutcome> {
  let wasConfirmed = false;
  try {
    await deps.lifecycle.changeStatus(
      appointmentId,
      'confirmed',
      { actor: 'patient' },
      {
        check(_tx, current) {
          wasConfirmed = current.status === 'confirmed';
          const isUpcoming = current.starts_at !== null && current.starts_at.getTime() > deps.clock.now().getTime();
          if (!isUpcoming || (current.status !== 'booked' && !wasConfirmed)) throw new NotConfirmable();
        },
      },
    );
  } catch (error) {
    if (error instanceof NotConfirmable) return 'not_confirmable';
    throw error;
  }
  return wasConfirmed ? 'already_confirmed' : 'confirmed';
}

/**
 * The practice hears of it: a practice on Open Dental sees it there (the confirmation is written
 * back); one on the built-in schedule by e-mail until the console shows it (ADR 0038). Queued by
 * the confirmation's subscriber (ADR 0069), not by the change.
 */
export async function queuePracticeNotice(tx: Queryable, appointmentId: string): Promise<void> {
  const row = await findBookingView(tx, appointmentId);
  const practice = row ? await findPracticeById(tx, row.practice_id) : null;
  if (!row?.starts_at || !practice?.notification_email || practice.pms.type === 'opendental') return;
  const when = describeAppointmentTime(row.starts_at, timeZoneAtClinic(practice, row.pms_clinic_num));
  await enqueueEmail(tx, {
    to: practice.notification_email,
    // practice-facing
    subject: `Confirmed by the patient: ${row.first_name} ${row.last_name}, ${when}`,
    // practice-facing
    text: `${row.first_name} ${row.last_name} confirmed their appointment on ${when} (reference ${row.reference}).`,
    idempotencyKey: `booking-confirmed-notice:${row.id}:${row.reschedule_count}`,
    practiceId: practice.id,
    appointmentId: row.id,
  });
}
