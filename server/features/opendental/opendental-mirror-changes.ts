import { BOOKING_EVENT_TYPES, type OpenDentalTime } from '#domain/booking/booking-events.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { MirrorCorrection } from '../../adapters/pms/opendental/opendental-pms-adapter.ts';
import { appointmentTime } from '../../adapters/pms/opendental/opendental-availability.ts';
import {
  replaceMirrorAppointments,
  type AppointmentChange,
} from '../../adapters/pms/opendental/opendental-mirror-repository.ts';
import type { MirrorChanges } from '../../adapters/pms/opendental/opendental-mirror-sync.ts';
import type { OdLogger } from '../../adapters/pms/opendental/opendental-connector.ts';
import { recordPracticeEvent } from '../bookings/booking-lifecycle-steps.ts';

/**
 * More times than this in one pass (a re-read after a long outage) are told as one `opendental.changed`: a
 * subscriber then reads the slots again rather than hundreds of events.
 */
const MAX_NAMED_TIMES = 100;

type NamedTime = { type: 'opendental.time_taken' | 'opendental.time_freed'; time: OpenDentalTime };

/** The times an appointment's change took and freed: its old time freed, its new one taken, when they differ. */
export function timesChangedBy(change: AppointmentChange): NamedTime[] {
  const before = change.before ? appointmentTime(change.before) : null;
  const after = change.after ? appointmentTime(change.after) : null;
  if (before && after && JSON.stringify(before) === JSON.stringify(after)) return [];
  return [
    ...(before ? [{ type: BOOKING_EVENT_TYPES.opendentalTimeFreed, time: before }] : []),
    ...(after ? [{ type: BOOKING_EVENT_TYPES.opendentalTimeTaken, time: after }] : []),
  ];
}

/**
 * The one place a change seen in Open Dental (by the mirror's sync, or by a booking's re-check) goes through
 * (ADR 0071): practice-level events whose commit clears the slot lists of every process (ADR 0069), and whose
 * subscribers (a waitlist, webhooks) hear which time was taken or freed there (`opendental.time_taken`,
 * `opendental.time_freed`, the detail naming it); a change with no one time to name (schedules, blockouts, a first
 * fill) is `opendental.changed`.
 */
export function createOpenDentalChangeAnnouncer(deps: {
  db: Database;
  clock: Clock;
}): (practiceId: string, changes: MirrorChanges) => Promise<void> {
  return async function announceOpenDentalChange(practiceId, changes) {
    const times = changes.appointments.flatMap(timesChangedBy);
    const named = times.length <= MAX_NAMED_TIMES ? times : [];
    const isOtherwise = changes.isOtherwiseChanged || named.length < times.length;
    if (named.length === 0 && !isOtherwise) return;
    const event = { practiceId, actor: { kind: 'opendental' } as const, at: deps.clock.now() };
    await deps.db.transaction(async (tx) => {
      for (const { type, time } of named) await recordPracticeEvent(tx, { ...event, type, details: time });
      if (isOtherwise) await recordPracticeEvent(tx, { ...event, type: BOOKING_EVENT_TYPES.opendentalChanged });
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
  announce: (practiceId: string, changes: MirrorChanges) => Promise<void>;
  logger: OdLogger;
}): MirrorCorrection {
  return {
    correct(practiceId, range, appointments) {
      void replaceMirrorAppointments(deps.db, practiceId, range, appointments)
        .then((changed) =>
          changed.length > 0
            ? deps.announce(practiceId, { appointments: changed, isOtherwiseChanged: false })
            : undefined,
        )
        .catch((error: unknown) =>
          deps.logger.error({ practiceId, err: error }, 'Could not correct the Open Dental mirror'),
        );
    },
  };
}
