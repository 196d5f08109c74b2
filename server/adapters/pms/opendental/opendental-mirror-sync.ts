import { bookingHorizon } from '#domain/availability/booking-horizon.ts';
import { addDays, lastDayOfMonthAfter, maxLocalDate } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { OpenDentalClient } from './opendental-client.ts';
import type { OpenDentalConnector } from './opendental-connector.ts';
import { toPmsUnavailable } from './opendental-errors.ts';
import * as repo from './opendental-mirror-repository.ts';
import { claimMirrorRefresh } from './opendental-refresh-request-repository.ts';
import { OdAppointmentSchema, OdScheduleSchema } from './opendental-schemas.ts';
import { minStamp, oldestServerTime, stampBefore, stored } from './opendental-stamps.ts';

/**
 * Keeps each Open Dental practice's mirror (ADR 0071) in step with its office, in the background:
 * the months of the booking horizon filled on start, the near dates (today and the next 14 days)
 * every `nearEveryMs` (schedules re-read and compared, appointments changed since the last poll by
 * DateTStamp), and every `farEveryMs` one month re-read whole in rotation, which is where deletions
 * (that no DateTStamp shows) are found. Every request goes through the connector's queue: one at a
 * time per office, spaced by its throttle, a hung request never overlapped, Retry-After honoured.
 * One process at a time syncs an office: the one holding its lease row.
 */
export interface OpenDentalMirror {
  /** One pass over every Open Dental practice: what is due (or everything, `force`). */
  syncAll(force?: boolean): Promise<void>;
  /** One pass for one practice (tests; first fill and near dates at once with `force`). */
  syncPractice(practiceId: string, force?: boolean): Promise<void>;
  /** Starts the background passes (every `tickMs`); the first one at once. */
  start(): void;
  /** Stops the passes and lets go of the leases (a running pass's once it ends): another process takes over at once. */
  stop(): Promise<void>;
}

export interface MirrorSyncOptions {
  db: Database;
  clock: Clock;
  connector: OpenDentalConnector;
  /** Every change the sync writes into a practice's mirror goes through here (announceOpenDentalChange). */
  onChange: (practiceId: string, changes: MirrorChanges) => Promise<void>;
  /** This process, for the lease. */
  owner: string;
  nearEveryMs?: number;
  farEveryMs?: number;
  tickMs?: number;
  leaseMs?: number;
  /**
   * The cadence's clock (default: real time, so that a test's or the dev tools' moved clock neither
   * stops nor rushes the sync); the bench runs an hour on a simulated one.
   */
  cadenceNow?: () => number;
}

/** What one pass (or a booking's re-check) changed in a practice's mirror. */
export interface MirrorChanges {
  /** Appointments of mirrored dates that changed in Open Dental, as they were and as they are. */
  appointments: repo.AppointmentChange[];
  /** Anything else (schedules, blockouts, a month's first fill): slots changed, with no one time to name. */
  isOtherwiseChanged: boolean;
}

export const NEAR_DAYS = 14;
export const DEFAULT_NEAR_EVERY_MS = 60_000;
/**
 * A near pass that failed is tried again this soon, not a whole interval later: one failed request (a 429 past
 * its retries, a network blip) would otherwise leave a change unseen for two intervals.
 */
export const NEAR_RETRY_MS = 10_000;
/**
 * The appointments poll asks from this long before the last poll's `serverDateTime`: Open Dental's stamps have
 * whole seconds ("changed after this time" loses a change in the same second), and a row stamped while an answer
 * was being read can be committed after it. Rows read twice change nothing (the mirror compares them).
 */
export const STAMP_OVERLAP_SECONDS = 60;
export const DEFAULT_FAR_EVERY_MS = 5 * 60_000;
/**
 * Renewed by every pass and after every month of a first fill, so longer than any month's read (three
 * requests, each of which may hang until the client's timeout), and well under the staleness limit
 * (15 minutes): a process that stopped without letting go is replaced before the slot list says so.
 */
const DEFAULT_LEASE_MS = 5 * 60_000;
const SCHEDULE_TYPES = new Set(['Provider', 'Blockout', 'Practice']);

interface PracticeTimers {
  running: Promise<void> | null;
  nearDueAt: number;
  farDueAt: number;
  farCursor: number;
}

type OdPractice = { id: string; customerKey: string; timeZone: string };

export function createOpenDentalMirror(options: MirrorSyncOptions): OpenDentalMirror {
  const { db } = options;
  const nearEveryMs = options.nearEveryMs ?? DEFAULT_NEAR_EVERY_MS;
  const farEveryMs = options.farEveryMs ?? DEFAULT_FAR_EVERY_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const cadenceNow = options.cadenceNow ?? Date.now;
  const settings = { ...options, nearEveryMs, farEveryMs, leaseMs, cadenceNow };
  const timers = new Map<string, PracticeTimers>();
  let loop: ReturnType<typeof setTimeout> | undefined;
  let isStopped = true;
  /** Stopped after running: the leases go as the passes end (a test's passes without the loop keep theirs). */
  let hasStopped = false;

  const timersOf = (id: string) => {
    let found = timers.get(id);
    if (!found)
      timers.set(id, (found = { running: null, nearDueAt: 0, farDueAt: cadenceNow() + farEveryMs, farCursor: 0 }));
    return found;
  };

  /** A practice's pass; a pass still running (a hung request) is never overlapped by the next. */
  function run(practice: OdPractice, force: boolean): Promise<void> {
    const state = timersOf(practice.id);
    if (state.running) return force ? state.running.then(() => run(practice, force)) : state.running;
    state.running = pass(settings, practice, state, force).finally(async () => {
      state.running = null;
      if (hasStopped) await letGo(practice.id);
    });
    return state.running;
  }

  /** Lets go of a practice's lease; a database already closed lets it lapse instead. */
  const letGo = (id: string) => repo.releaseMirrorLease(db, id, options.owner).catch(() => undefined);

  async function syncAll(force = false): Promise<void> {
    const practices = await repo.listOpenDentalPractices(db);
    // Offices do not wait for each other; each one's requests are one at a time.
    await Promise.all(practices.map((practice) => run(practice, force)));
  }

  function tick() {
    if (isStopped) return;
    void syncAll()
      .catch(() => undefined)
      .finally(() => {
        if (!isStopped) loop = setTimeout(tick, options.tickMs ?? 1_000);
      });
  }

  return {
    syncAll,
    async syncPractice(practiceId, force = true) {
      const practice = (await repo.listOpenDentalPractices(db)).find((p) => p.id === practiceId);
      if (practice) await run(practice, force);
    },
    start() {
      if (!isStopped) return;
      isStopped = false;
      hasStopped = false;
      tick();
    },
    async stop() {
      isStopped = true;
      hasStopped = true;
      clearTimeout(loop);
      // A pass hung on Open Dental does not hold up the shutdown: it lets go when it ends.
      await Promise.all([...timers].filter(([, state]) => !state.running).map(([id]) => letGo(id)));
    },
  };
}

/**
 * One pass for one office: the months not filled yet, the near dates when due (or forced), one far
 * month when due. A failure is recorded (and the month it was reading); a change is announced.
 */
async function pass(
  options: MirrorSyncOptions & { nearEveryMs: number; farEveryMs: number; leaseMs: number; cadenceNow: () => number },
  practice: OdPractice,
  state: PracticeTimers,
  force: boolean,
): Promise<void> {
  const { db, clock, connector, nearEveryMs, farEveryMs, leaseMs, cadenceNow } = options;
  const now = clock.now();
  const holdLease = () => {
    const at = clock.now();
    return repo.takeMirrorLease(db, practice.id, options.owner, at, new Date(at.getTime() + leaseMs));
  };
  if (!(await holdLease())) return;
  // A click on any process is recorded in the state row; the holder's next tick takes it up (ADR 0084).
  force = (await claimMirrorRefresh(db, practice.id, options.owner)) || force;
  const io: MirrorIo = { db, clock, client: connector.clientFor(practice.customerKey) };
  const today = localDateOf(now, practice.timeZone);
  const months = [...monthsOf(today, bookingHorizon(now, practice.timeZone))];
  const changes: MirrorChanges = { appointments: [], isOtherwiseChanged: false };
  let hasRead = false;
  let month: string | null = null;
  try {
    const filled = new Set(
      (await repo.listMirrorRanges(db, practice.id)).filter((r) => r.refreshedAt).map((r) => r.month),
    );
    let stamp: string | null = null;
    for (month of months.filter((m) => !filled.has(m))) {
      const read = await readMonth(io, practice.id, month, today);
      stamp = minStamp(stamp, read.stamp);
      // A first fill is no change seen in Open Dental: nothing to name, but the slots are new.
      changes.isOtherwiseChanged ||= read.hasSchedulesChanged || read.appointments.length > 0;
      hasRead = true;
      // Another process took over (this one was too slow for its lease): it reads the rest.
      if (!(await holdLease())) return;
    }
    month = null;
    if (force || cadenceNow() >= state.nearDueAt) {
      const startedAt = cadenceNow();
      // Until it succeeds, the next near pass is due soon (NEAR_RETRY_MS).
      state.nearDueAt = startedAt + Math.min(nearEveryMs, NEAR_RETRY_MS);
      const near = await readNear(io, practice.id, today);
      state.nearDueAt = startedAt + nearEveryMs;
      stamp = minStamp(stamp, near.stamp);
      addChanges(changes, near);
      hasRead = true;
    }
    if (cadenceNow() >= state.farDueAt && months.length > 0) {
      state.farDueAt = cadenceNow() + farEveryMs;
      month = months[state.farCursor++ % months.length]!;
      addChanges(changes, await readMonth(io, practice.id, month, today));
      month = null;
      hasRead = true;
    }
    // Only a pass that asked Open Dental makes the mirror younger.
    if (hasRead) await repo.recordMirrorSuccess(db, practice.id, clock.now(), stamp);
  } catch (error) {
    connector.report(practice.id, error);
    const text = error instanceof Error ? error.message : String(error);
    const reason = toPmsUnavailable(error)?.reason ?? 'unreachable';
    await repo.recordMirrorError(db, practice.id, clock.now(), { text, reason });
    if (month) await repo.recordRangeError(db, practice.id, month, clock.now(), text);
  } finally {
    if (changes.isOtherwiseChanged || changes.appointments.length > 0) await options.onChange(practice.id, changes);
  }
}

function addChanges(
  changes: MirrorChanges,
  read: { hasSchedulesChanged: boolean; appointments: repo.AppointmentChange[] },
): void {
  changes.appointments.push(...read.appointments);
  changes.isOtherwiseChanged ||= read.hasSchedulesChanged;
}

/** What a pass reads and writes through. */
interface MirrorIo {
  db: Database;
  clock: Clock;
  client: OpenDentalClient;
}

/** A month re-read whole (from today in the current month): schedules and appointments compared. */
async function readMonth(io: MirrorIo, practiceId: string, month: string, today: string) {
  const { db, client } = io;
  const range = { from: maxLocalDate(`${month}-01`, today), to: lastDayOfMonthAfter(`${month}-01`, 0) };
  const schedules = await readSchedules(client, range);
  const appointments = await client.getAll(
    '/appointments',
    { dateStart: range.from, dateEnd: range.to },
    OdAppointmentSchema,
  );
  const hasSchedulesChanged = await repo.replaceMirrorSchedules(db, practiceId, range, schedules);
  const changed = await repo.replaceMirrorAppointments(db, practiceId, range, appointments.map(stored));
  await repo.markRangeRefreshed(db, practiceId, month, io.clock.now());
  return { hasSchedulesChanged, appointments: changed, stamp: oldestServerTime(appointments) };
}

/** The near dates' schedules re-read, and the appointments changed since the last poll. */
async function readNear(io: MirrorIo, practiceId: string, today: string) {
  const { db, client } = io;
  const range = { from: today, to: addDays(today, NEAR_DAYS) };
  const hasSchedulesChanged = await repo.replaceMirrorSchedules(
    db,
    practiceId,
    range,
    await readSchedules(client, range),
  );
  const stamp = (await repo.findMirrorState(db, practiceId))?.appointmentsStamp ?? null;
  const since = stamp === null ? undefined : stampBefore(stamp, STAMP_OVERLAP_SECONDS);
  const horizonEnd = addDays(today, 400);
  const appointments = await client.getAll(
    '/appointments',
    { dateStart: today, dateEnd: horizonEnd, DateTStamp: since },
    OdAppointmentSchema,
  );
  const changed = await repo.upsertMirrorAppointments(db, practiceId, appointments.map(stored));
  return { hasSchedulesChanged, appointments: changed, stamp: oldestServerTime(appointments) };
}

async function readSchedules(client: OpenDentalClient, range: { from: string; to: string }) {
  // One list for every type (paged), instead of one request per type.
  const rows = await client.getAll('/schedules', { dateStart: range.from, dateEnd: range.to }, OdScheduleSchema);
  return rows.filter((row) => SCHEDULE_TYPES.has(row.SchedType));
}

/** The calendar months (`YYYY-MM`) that hold the local dates [fromDate, toDate]. */
export function* monthsOf(fromDate: string, toDate: string): Generator<string> {
  for (
    let month = fromDate.slice(0, 7);
    `${month}-01` <= toDate;
    month = addDays(lastDayOfMonthAfter(`${month}-01`, 0), 1).slice(0, 7)
  )
    yield month;
}
