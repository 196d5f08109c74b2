import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { bookingHorizon } from '#domain/availability/booking-horizon.ts';
import { generateSlots } from '#domain/availability/slot-engine.ts';
import { addDays, maxLocalDate, minLocalDate } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Queryable } from '../../../db/database.ts';
import { PmsUnavailableError, type PmsAdapter } from '../pms-adapter.ts';
import { recordRecheckBusy } from '../pms-recheck-findings.ts';
import { buildSlotInputs, type OdSnapshot } from './opendental-availability.ts';
import { loadMirrorSlotRows, type MirrorSlotRows } from './opendental-availability-repository.ts';
import type { OpenDentalConnector } from './opendental-connector.ts';
import { toPmsUnavailable } from './opendental-errors.ts';
import { monthsOf } from './opendental-mirror-sync.ts';
import { OdAppointmentSchema, type OdAppointment, type OdSchedule } from './opendental-schemas.ts';

// Our own bookings are read with a day of margin on each side: enough for any zone's offset.
const MARGIN_MS = 36 * 3_600_000;

/** What the Open Dental adapter does when a booking's re-check finds the mirror behind the office. */
export interface MirrorCorrection {
  /** Writes the office's appointments of [from, to] into the mirror, after the booking's transaction. */
  correct(practiceId: string, range: { from: string; to: string }, appointments: OdAppointment[]): void;
}

/**
 * Availability of a practice on Open Dental (ADR 0071). A patient's slot list reads the practice's
 * mirror only (kept fresh in the background by opendental-mirror-sync.ts), so it never waits on
 * Open Dental; a range the mirror has not filled yet answers "unavailable" (503). A booking's
 * re-check (`db` is its transaction, `recheck` given) asks Open Dental for the day's appointments
 * itself, within the connector's `recheckTimeoutMs` from its start (its wait behind the office's
 * other requests included: "unavailable" after that), so a stale mirror never double-books; when the office
 * has more than the mirror, the mirror is corrected at once. Our own bookings are busy too, and
 * only what the practice offers online is offered, cut by the same engine as the built-in schedule.
 */
export function createOpenDentalPmsAdapter(
  db: Queryable,
  connector: OpenDentalConnector,
  options: { recheck?: MirrorCorrection } = {},
): PmsAdapter {
  return {
    async getAvailability(request) {
      const { practice } = request;
      if (practice.pms.type !== 'opendental')
        throw new Error(`Practice ${practice.id} is not configured for Open Dental`);
      const { timeZone } = request;
      const today = localDateOf(request.now, timeZone);
      const fromDate = maxLocalDate(request.startDate, today);
      const toDate = minLocalDate(
        request.endDate,
        bookingHorizon(request.now, timeZone, practice.booking_horizon_months),
      );
      // Nothing bookable is asked for: no reason to read anything.
      if (fromDate > toDate) return { records: [], staleSince: null };

      const rows = await loadMirrorSlotRows(db, practice.id, {
        fromDate,
        toDate,
        months: [...monthsOf(fromDate, toDate)],
        busyFrom: new Date(Date.parse(`${fromDate}T00:00:00Z`) - MARGIN_MS),
        busyTo: new Date(Date.parse(`${addDays(toDate, 1)}T00:00:00Z`) + MARGIN_MS),
        ignoreAppointmentId: request.ignore?.appointmentId ?? null,
      });
      if (!rows) throw new Error(`Practice ${practice.id} not found`);
      const practiceRef = { id: practice.id, customerKey: practice.pms.customer_key };
      const merged = options.recheck
        ? await liveSnapshot(connector, practiceRef, { fromDate, toDate, today }, rows, options.recheck)
        : mirrorSnapshot(rows, fromDate, toDate);
      // A booking being moved (ADR 0036): neither its row nor its own Open Dental appointment is busy.
      const ignoredAptNum = request.ignore?.pmsAptNum ?? null;
      const snapshot =
        ignoredAptNum === null
          ? merged
          : { ...merged, appointments: merged.appointments.filter((a) => a.AptNum !== ignoredAptNum) };
      const inputs = buildSlotInputs(snapshot, rows.offered, timeZone);
      if (options.recheck) recordRecheckBusy(db, inputs.busy);
      const busy = [...inputs.busy, ...rows.ownBusy];

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
            horizonMonths: practice.booking_horizon_months,
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
      return { records, staleSince: staleSinceOf(rows, request.now) };
    },
  };
}

/** Since when the mirror is older than its practice allows (it could not be refreshed); null while it is not. */
function staleSinceOf(rows: MirrorSlotRows, now: Date): Date | null {
  if (!rows.lastRefreshedAt) return null;
  const isStale = now.getTime() - rows.lastRefreshedAt.getTime() > rows.staleAfterMinutes * 60_000;
  return isStale ? rows.lastRefreshedAt : null;
}

/** The mirror's rows for [fromDate, toDate]; unavailable while a month of it has not been filled yet. */
function mirrorSnapshot(rows: MirrorSlotRows, fromDate: string, toDate: string): OdSnapshot {
  if (rows.missingMonth !== null)
    // Why the office could not be read, so the page says "not running" or "out of date" as it should.
    throw new PmsUnavailableError(
      rows.errorReason ?? 'unreachable',
      `The Open Dental mirror has not been filled for ${rows.missingMonth} yet`,
    );
  return snapshotOf(fromDate, toDate, rows.schedules, rows.appointments);
}

/**
 * A booking's re-check: the office's appointments of those dates asked of Open Dental now, with
 * the mirror's schedules (or, where the mirror has none yet, the office's schedules too).
 */
async function liveSnapshot(
  connector: OpenDentalConnector,
  practice: { id: string; customerKey: string },
  dates: { fromDate: string; toDate: string; today: string },
  rows: MirrorSlotRows,
  correction: MirrorCorrection,
): Promise<OdSnapshot> {
  const { fromDate, toDate } = dates;
  // One deadline over the whole re-check: a request hung ahead of it in the queue counts too.
  const signal = AbortSignal.timeout(connector.recheckTimeoutMs);
  let mirrored: OdSnapshot;
  try {
    mirrored = mirrorSnapshot(rows, fromDate, toDate);
  } catch (error) {
    if (!(error instanceof PmsUnavailableError)) throw error;
    return loadLive(connector, practice, dates, signal);
  }
  const client = connector.clientFor(practice.customerKey);
  let appointments: OdAppointment[];
  try {
    const range = { dateStart: fromDate, dateEnd: toDate };
    appointments = await client.getAll('/appointments', range, OdAppointmentSchema, { signal });
  } catch (error) {
    connector.report(practice.id, error);
    throw toPmsUnavailable(error) ?? error;
  }
  const known = new Set(mirrored.appointments.map((a) => `${a.AptNum}|${a.AptStatus}|${a.AptDateTime}|${a.Op}`));
  const isBehind =
    appointments.length !== mirrored.appointments.length ||
    appointments.some((a) => !known.has(`${a.AptNum}|${a.AptStatus}|${a.AptDateTime}|${a.Op}`));
  if (isBehind) correction.correct(practice.id, { from: fromDate, to: toDate }, appointments);
  return { ...mirrored, appointments };
}

/**
 * Before the mirror holds these dates: the office's four lists, asked now; the booking waits for them
 * until `signal` aborts (the lists, shared with the month's cache, are still read for it).
 */
async function loadLive(
  connector: OpenDentalConnector,
  practice: { id: string; customerKey: string },
  dates: { fromDate: string; toDate: string; today: string },
  signal: AbortSignal,
): Promise<OdSnapshot> {
  let giveUp: () => void = () => undefined;
  const deadline = new Promise<never>((_, reject) => {
    giveUp = () => reject(new PmsUnavailableError('unreachable', "no answer within the booking's re-check"));
    if (signal.aborted) giveUp();
    else signal.addEventListener('abort', giveUp, { once: true });
  });
  try {
    return mergeSnapshots(await Promise.race([connector.snapshots(practice, dates), deadline]));
  } catch (error) {
    throw toPmsUnavailable(error) ?? error;
  } finally {
    signal.removeEventListener('abort', giveUp);
  }
}

function snapshotOf(
  fromDate: string,
  toDate: string,
  schedules: OdSchedule[],
  appointments: OdAppointment[],
): OdSnapshot {
  return {
    fromDate,
    toDate,
    providerSchedules: schedules.filter((s) => s.SchedType === 'Provider'),
    blockouts: schedules.filter((s) => s.SchedType === 'Blockout'),
    practiceSchedules: schedules.filter((s) => s.SchedType === 'Practice'),
    appointments,
  };
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
