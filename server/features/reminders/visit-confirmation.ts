import type { Clock } from '../../clock.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle-service.ts';

export type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'not_confirmable';

class NotConfirmable extends Error {}

/**
 * The patient says they will come (a `C` reply, the manage page's Confirm button): an upcoming
 * booked visit becomes confirmed through the lifecycle service, which writes it to Open Dental
 * too. Confirming twice is no error; a cancelled, past or unscheduled booking is not confirmable.
 */
export async function confirmVisit(deps: { lifecycle: BookingLifecycle; clock: Clock }, appointmentId: string): Promise<ConfirmOutcome> {
  let wasConfirmed = false;
  try {
    await deps.lifecycle.changeStatus(appointmentId, 'confirmed', { actor: 'patient' }, {
      check(_tx, current) {
        wasConfirmed = current.status === 'confirmed';
        const isUpcoming = current.starts_at !== null && current.starts_at.getTime() > deps.clock.now().getTime();
        if (!isUpcoming || (current.status !== 'booked' && !wasConfirmed)) throw new NotConfirmable();
      },
    });
  } catch (error) {
    if (error instanceof NotConfirmable) return 'not_confirmable';
    throw error;
  }
  return wasConfirmed ? 'already_confirmed' : 'confirmed';
}
