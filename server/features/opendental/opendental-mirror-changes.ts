import { BOOKING_EVENT_TYPES } from '#domain/booking/booking-events.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { MirrorCorrection } from '../../adapters/pms/opendental/opendental-pms-adapter.ts';
import { replaceMirrorAppointments } from '../../adapters/pms/opendental/opendental-mirror-repository.ts';
import type { OdLogger } from '../../adapters/pms/opendental/opendental-connector.ts';
import { recordPracticeEvent } from '../bookings/booking-lifecycle-steps.ts';

/**
 * The one place a change seen in Open Dental (by the mirror's sync, or by a booking's re-check)
 * goes through (ADR 0071): the practice-level event `opendental.changed`, whose commit clears the
 * slot lists of every process (ADR 0069), and whose subscribers (a waitlist, webhooks) hear of a
 * time freed or taken there.
 */
export function createOpenDentalChangeAnnouncer(deps: {
  db: Database;
  clock: Clock;
}): (practiceId: string) => Promise<void> {
  return async function announceOpenDentalChange(practiceId) {
    await deps.db.transaction(async (tx) => {
      await recordPracticeEvent(tx, {
        practiceId,
        type: BOOKING_EVENT_TYPES.opendentalChanged,
        actor: { kind: 'opendental' },
        at: deps.clock.now(),
      });
    });
  };
}

/**
 * A booking's re-check found Open Dental ahead of the mirror: the day's appointments are written
 * into the mirror once the booking's transaction has ended (on PGlite, its one connection is held
 * until then), and the change is announced.
 */
export function createMirrorCorrection(deps: {
  db: Database;
  announce: (practiceId: string) => Promise<void>;
  logger: OdLogger;
}): MirrorCorrection {
  return {
    correct(practiceId, range, appointments) {
      void replaceMirrorAppointments(deps.db, practiceId, range, appointments)
        .then((changed) => (changed ? deps.announce(practiceId) : undefined))
        .catch((error: unknown) =>
          deps.logger.error({ practiceId, err: error }, 'Could not correct the Open Dental mirror'),
        );
    },
  };
}
