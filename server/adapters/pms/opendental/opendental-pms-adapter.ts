import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { bookingHorizon } from '#domain/availability/booking-horizon.ts';
import { generateSlots } from '#domain/availability/slot-engine.ts';
import { addDays, maxLocalDate, minLocalDate } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Queryable } from '../../../db/database.ts';
import { PmsUnavailableError, type PmsAdapter } from '../pms-adapter.ts';
import { buildSlotInputs, type OdSnapshot } from './opendental-availability.ts';
import { loadOfferedSetup, loadOwnBusy } from './opendental-availability-repository.ts';
import type { OpenDentalConnector } from './opendental-connector.ts';

// Our own bookings are read with a day of margin on each side: enough for any zone's offset.
const MARGIN_MS = 36 * 3_600_000;

/**
 * Availability from the practice's Open Dental: the office's schedules, blockouts, days off and
 * appointments (cached per practice and month, refreshed in the background) plus our own
 * bookings, limited to what the practice offers online, cut by the same engine as the built-in
 * schedule. `db` may be the booking transaction, so the re-check sees the booking in progress.
 * `patientWaiting`: a patient's slot list, which answers within the connector's `slotsWaitMs`;
 * a booking's re-check waits for the client's own, longer timeout.
 */
export function createOpenDentalPmsAdapter(
  db: Queryable,
  connector: OpenDentalConnector,
  options: { patientWaiting?: boolean } = {},
): PmsAdapter {
  return {
    async getAvailability(request) {
      const { practice } = request;
      if (practice.pms.type !== 'opendental')
        throw new Error(`Practice ${practice.id} is not configured for Open Dental`);
      const { timeZone } = request;
      const today = localDateOf(request.now, timeZone);
      const fromDate = maxLocalDate(request.startDate, today);
      const toDate = minLocalDate(request.endDate, bookingHorizon(request.now, timeZone));
      // Nothing bookable is asked for: no reason to wake the office's connector.
      if (fromDate > toDate) return [];

      const loading = connector.snapshots(
        { id: practice.id, customerKey: practice.pms.customer_key },
        { fromDate, toDate, today },
      );
      const snapshots = options.patientWaiting ? await withinWait(loading, connector.slotsWaitMs) : await loading;
      const offered = await loadOfferedSetup(db, practice.id);
      // A booking being moved (ADR 0036): neither its row nor its own Open Dental appointment is busy.
      const ignoredAptNum = request.ignore?.pmsAptNum ?? null;
      const merged = mergeSnapshots(snapshots);
      const snapshot =
        ignoredAptNum === null
          ? merged
          : { ...merged, appointments: merged.appointments.filter((a) => a.AptNum !== ignoredAptNum) };
      const inputs = buildSlotInputs(snapshot, offered, timeZone);
      const ownBusy = await loadOwnBusy(
        db,
        practice.id,
        new Date(Date.parse(`${fromDate}T00:00:00Z`) - MARGIN_MS),
        new Date(Date.parse(`${addDays(toDate, 1)}T00:00:00Z`) + MARGIN_MS),
        request.ignore?.appointmentId ?? null,
      );
      const busy = [...inputs.busy, ...ownBusy];

      const records: AvailabilityRecord[] = [];
      for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
        const schedules = inputs.schedulesByDate.get(date);
        if (!schedules) continue;
        records.push(
          ...generateSlots({
            timeZone,
            now: request.now,
            startDate: date,
            endDate: date,
            durationMinutes: request.durationMinutes,
            intervalMinutes: practice.slot_interval_minutes,
            minLeadHours: practice.min_hours_before_booking,
            schedules,
            closures: inputs.closures,
            timeOff: [],
            busy,
            allowedProvNums: request.allowedProvNums,
            clinicNum: request.clinicNum ?? null,
            provNum: request.provNum ?? 0,
          }),
        );
      }
      return records;
    },
  };
}

/**
 * A patient is not kept waiting for an office that does not answer: after `waitMs` the slot
 * request answers "unavailable" (503, "Proceed Without Slots"), while the load goes on and fills
 * the cache for the next request (its failure is reported by the connector).
 */
async function withinWait<T>(loading: Promise<T>, waitMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new PmsUnavailableError('unreachable', `Open Dental did not answer within ${waitMs} ms`)),
      waitMs,
    );
  });
  try {
    return await Promise.race([loading, gaveUp]);
  } finally {
    clearTimeout(timer);
    loading.catch(() => undefined);
  }
}

function mergeSnapshots(snapshots: OdSnapshot[]): OdSnapshot {
  return {
    fromDate: snapshots[0]?.fromDate ?? '',
    toDate: snapshots[snapshots.length - 1]?.toDate ?? '',
    providerSchedules: snapshots.flatMap((s) => s.providerSchedules),
    blockouts: snapshots.flatMap((s) => s.blockouts),
    practiceSchedules: snapshots.flatMap((s) => s.practiceSchedules),
    appointments: snapshots.flatMap((s) => s.appointments),
  };
}
