import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { holdsSlot } from '#domain/booking/booking-lifecycle.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { z } from 'zod';
import type { OpenDentalClient } from '../../adapters/pms/opendental/opendental-client.ts';
import { OdAppointmentSchema } from '../../adapters/pms/opendental/opendental-schemas.ts';
import type { OpenDentalConnector } from '../../adapters/pms/opendental/opendental-connector.ts';
import type { Clock } from '../../clock.ts';
import { isOverlapViolation, type Database, type Queryable } from '../../db/database.ts';
import type { BookingPlacement } from '../../db/booking-placement-sql.ts';
import { attemptInSavepoint } from '../../db/savepoint.ts';
import { enqueueJob, type JobContext, type JobHandler, type SkippedJob } from '../../jobs/job-queue.ts';
import { loadJobTarget, NOT_ON_OPEN_DENTAL, officeClient } from './pms-job-target.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import {
  breakInOpenDental,
  ChangeRefused,
  moveInOpenDental,
  sameSlot,
  type ChangeOutcome,
} from './opendental-appointment-changes.ts';
import { checkConflicts } from './opendental-write-rules.ts';
import { queueChangeNotice, queueUndoneMoveNotices, type ChangeNotice } from './pms-change-notices.ts';
import {
  findAppointmentToChange,
  findBookingSlot,
  findPmsChangeState,
  lockRescheduleCount,
  markChangePending,
  markChangeWritten,
  type AppointmentToChange,
} from './pms-change-repository.ts';
import { recordWriteProblem } from './pms-write-repository.ts';
import { pmsWritten, type RecordPmsWritten } from './pms-written.ts';
import { settleOpenDentalFailure } from './pms-job-failure.ts';

/**
 * A patient's move or cancellation of a booking that is in Open Dental (ADR 0036), written there
 * by a durable job after the patient was answered: Appointments PUT for a move, PUT Break for a
 * cancellation (research doc §2.6). A move into a time Open Dental had given away meanwhile is
 * undone here: back to the old time if it is still free there and with us, else the office calls.
 */
export const OPENDENTAL_CHANGE_JOB = 'opendental.change-appointment';
// As the write job: 30 s doubling to 1 h, about nine hours.
const CHANGE_MAX_ATTEMPTS = 16;

export interface PmsChange {
  appointmentId: string;
  kind: 'reschedule' | 'cancel';
  /** The booking's time before a move (what Open Dental still has); null for a cancellation. */
  previous: { startsAt: Date; endsAt: Date; provNum: number; opNum: number | null } | null;
}

const PayloadSchema = z.object({
  appointmentId: z.uuid(),
  kind: z.enum(['reschedule', 'cancel']),
  /** The move this job is about: a later move has a higher count and a job of its own. */
  rescheduleCount: z.number().int(),
  previous: z
    .object({
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
      provNum: z.number().int(),
      opNum: z.number().int().nullable(),
    })
    .nullable(),
});
type Payload = z.infer<typeof PayloadSchema>;

/** A retry of one change finds its job already queued; a second move of the booking is a new job. */
const changeKeyOf = (p: Pick<Payload, 'appointmentId' | 'kind' | 'rescheduleCount'>) =>
  p.kind === 'cancel' ? `${p.appointmentId}:cancel` : `${p.appointmentId}:reschedule:${p.rescheduleCount}`;

/**
 * Called by the booking lifecycle in the transaction of the change, on the locked row. A no-op
 * unless the practice is on Open Dental. A booking the write job has not written yet needs no
 * change: that job writes the booking as it is when it runs (the new time, or nothing for an
 * ended booking), and queues a change itself for one that slips in while it writes.
 */
export async function queuePmsChange(tx: Queryable, change: PmsChange): Promise<void> {
  const state = await findPmsChangeState(tx, change.appointmentId);
  if (!state?.is_on_open_dental) return;
  // Not in Open Dental through us: only a booking the practice was asked to enter by hand
  // ('failed') gets a job, which tells the practice to change it by hand too.
  if (state.pms_apt_num === null && state.pms_write_status !== 'failed') return;
  if (state.pms_apt_num !== null) await markChangePending(tx, change.appointmentId);
  const payload: Payload = {
    appointmentId: change.appointmentId,
    kind: change.kind,
    rescheduleCount: state.reschedule_count,
    previous: change.previous && {
      ...change.previous,
      startsAt: change.previous.startsAt.toISOString(),
      endsAt: change.previous.endsAt.toISOString(),
    },
  };
  await enqueueJob(tx, {
    type: OPENDENTAL_CHANGE_JOB,
    payload,
    dedupeKey: `${OPENDENTAL_CHANGE_JOB}:${changeKeyOf(payload)}`,
    maxAttempts: CHANGE_MAX_ATTEMPTS,
  });
}

export interface PmsChangeDeps {
  db: Database;
  clock: Clock;
  recordFact: RecordPmsWritten;
  openDental: OpenDentalConnector | undefined;
  /** This process's slot lists of the practice are stale (a booking went back to its old time). */
  onSlotsChanged?: ((practiceId: string) => void) | undefined;
  /**
   * The lifecycle's move back (ADR 0068), passed in: Open Dental subscribes to the booking events, so importing the
   * lifecycle from here would close a loop of imports.
   */
  moveBack: (tx: Queryable, appointmentId: string, back: BookingPlacement) => Promise<void>;
}

/** Runs `work` after the office's other Open Dental writes of this process (the write job's lock). */
export type OfficeLock = <T>(customerKey: string, work: () => Promise<T>) => Promise<T>;

/**
 * Only where Open Dental really still has it (after two quick moves it may be elsewhere), and where
 * nothing else is there.
 */
async function isFreeInOpenDental(
  oneAtATime: OfficeLock,
  client: OpenDentalClient,
  customerKey: string,
  a: AppointmentToChange,
  back: { startsAt: Date; endsAt: Date; provNum: number; opNum: number },
  conflict: Extract<ChangeOutcome, { kind: 'conflict' }>,
  tz: string,
): Promise<boolean> {
  const aptDateTime = formatInstantLocal(back.startsAt, tz);
  if (!sameSlot(conflict.odAt, { aptDateTime, opNum: back.opNum, provNum: back.provNum })) return false;
  const sameDay = await oneAtATime(customerKey, () =>
    client.getAll('/appointments', { date: aptDateTime.slice(0, 10) }, OdAppointmentSchema),
  );
  const others = sameDay.filter((x) => x.AptNum !== a.pms_apt_num);
  const planned = {
    patNum: conflict.odAt.PatNum,
    opNum: back.opNum,
    provNum: back.provNum,
    aptDateTime,
    startMs: back.startsAt.getTime(),
    endMs: back.endsAt.getTime(),
  };
  return checkConflicts(others, planned, tz).kind === 'clear';
}

/**
 * Open Dental still has the booking at its old time (the PUT never went out). Back there if
 * Open Dental has nothing else there and our exclusion constraints let it in; else the office calls.
 */
async function undoMove(
  deps: PmsChangeDeps,
  oneAtATime: OfficeLock,
  client: OpenDentalClient,
  customerKey: string,
  a: AppointmentToChange,
  practice: PracticeRow,
  payload: Payload,
  conflict: Extract<ChangeOutcome, { kind: 'conflict' }>,
): Promise<void> {
  const now = deps.clock.now();
  const previous = payload.previous;
  const tz = timeZoneAtClinic(practice, a.pms_clinic_num);
  const back =
    previous && previous.opNum !== null && Date.parse(previous.startsAt) > now.getTime()
      ? {
          startsAt: new Date(previous.startsAt),
          endsAt: new Date(previous.endsAt),
          provNum: previous.provNum,
          opNum: previous.opNum,
        }
      : null;
  const isFreeThere =
    back !== null && (await isFreeInOpenDental(oneAtATime, client, customerKey, a, back, conflict, tz));
  const takenBy = { aptNum: conflict.takenBy.AptNum, aptDateTime: conflict.takenBy.AptDateTime };
  let isMovedBack = false;
  await deps.db.transaction(async (tx) => {
    const locked = await lockRescheduleCount(tx, a.id);
    if (!locked || isReplaced(locked, payload)) return;
    isMovedBack =
      back !== null &&
      isFreeThere &&
      (await attemptInSavepoint(tx, () => deps.moveBack(tx, a.id, { ...back, at: now }), isOverlapViolation));
    if (isMovedBack) {
      await markChangeWritten(tx, a.id, now);
    } else {
      await recordWriteProblem(
        tx,
        a.id,
        'failed',
        `Needs a call: Open Dental has appointment ${takenBy.aptNum} at ${takenBy.aptDateTime} where the booking ` +
          `was moved, and its old time is not free.`,
      );
    }
    const after = (await findAppointmentToChange(tx, a.id))!;
    await queueUndoneMoveNotices(tx, practice, {
      appointment: after,
      outcome: isMovedBack ? 'moved_back' : 'needs_call',
      wanted: a.starts_at!,
      takenBy,
      changeKey: changeKeyOf(payload),
      now,
    });
  });
}

function settleFailure(
  deps: PmsChangeDeps,
  error: unknown,
  a: AppointmentToChange,
  practice: PracticeRow,
  notice: ChangeNotice,
  context: JobContext,
): Promise<never> {
  return settleOpenDentalFailure(deps.db, error, {
    appointmentId: a.id,
    context,
    isOurRefusal: error instanceof ChangeRefused,
    what: 'Change not written to Open Dental',
    queueFailedNotice: (tx, reason) => queueChangeNotice('failed', tx, practice, a, notice, reason),
    queueDelayedNotice: (tx, reason) => queueChangeNotice('delayed', tx, practice, a, notice, reason),
    report: (odError) => deps.openDental?.report(practice.id, odError),
  });
}

export function createPmsChangeJobHandler(deps: PmsChangeDeps, oneAtATime: OfficeLock): JobHandler {
  return async function handle(raw: unknown, context: JobContext): Promise<void | SkippedJob> {
    const target = { what: 'change', schema: PayloadSchema, raw, find: findAppointmentToChange };
    const { payload, appointment: a, practice } = await loadJobTarget(deps.db, target);
    if (!practice) {
      await recordWriteProblem(deps.db, a.id, 'skipped', NOT_ON_OPEN_DENTAL);
      return { skipped: NOT_ON_OPEN_DENTAL };
    }
    const notice: ChangeNotice = { kind: payload.kind, key: changeKeyOf(payload), aptNum: a.pms_apt_num };
    if (a.pms_apt_num === null) {
      if (a.pms_write_status === 'failed')
        await queueChangeNotice(
          'failed',
          deps.db,
          practice,
          a,
          notice,
          'The booking itself could not be written into Open Dental.',
        );
      return { skipped: 'Not in Open Dental through us; the write job writes the booking as it is when it runs.' };
    }
    if (isReplaced(a, payload)) return { skipped: 'A later change of this booking replaces this one.' };
    const customerKey = practice.pms.customer_key;
    try {
      const client = officeClient(deps.openDental, customerKey);
      const aptNum = a.pms_apt_num;
      const outcome: ChangeOutcome = await oneAtATime(customerKey, () =>
        payload.kind === 'reschedule'
          ? moveInOpenDental(client, a, aptNum, practice)
          : breakInOpenDental(client, a, aptNum),
      );
      if (outcome.kind === 'conflict')
        return await undoMove(deps, oneAtATime, client, customerKey, a, practice, payload, outcome);
      await deps.db.transaction(async (tx) => {
        const locked = await lockRescheduleCount(tx, a.id);
        // A move that came in meanwhile has its own job, which writes (and marks) the booking.
        if (locked && !isReplaced(locked, payload)) await markChangeWritten(tx, a.id, deps.clock.now());
        const action = payload.kind === 'reschedule' ? 'moved' : 'broken';
        await deps.recordFact(tx, a.id, pmsWritten(deps.clock.now(), action, aptNum));
      });
    } catch (error) {
      await settleFailure(deps, error, a, practice, notice, context);
    }
  };
}

/** A move that is not the booking's latest, or a change the booking has since left behind. */
function isReplaced(a: Pick<AppointmentToChange, 'status' | 'reschedule_count'>, payload: Payload): boolean {
  // A cancelled move is the cancellation's job; an ended booking that holds its time again (a
  // no-show corrected to arrived) is not to be broken any more.
  if (payload.kind === 'reschedule') return a.reschedule_count !== payload.rescheduleCount || !holdsSlot(a.status);
  return holdsSlot(a.status);
}

/**
 * The write job's last step, in the transaction that records its AptNum (whose update waits for
 * a patient's change in progress, so this sees it): a move or a cancellation that came in while
 * the booking was being written found no AptNum and queued nothing, so it is queued now, from
 * what was written.
 */
export async function queueChangeMissedByWrite(
  tx: Queryable,
  written: { appointmentId: string; startsAt: Date; endsAt: Date; provNum: number; opNum: number },
): Promise<void> {
  const now = await findBookingSlot(tx, written.appointmentId);
  if (!now) return;
  const { appointmentId, ...previous } = written;
  if (!holdsSlot(now.status)) return queuePmsChange(tx, { appointmentId, kind: 'cancel', previous: null });
  const isMoved =
    now.starts_at?.getTime() !== written.startsAt.getTime() ||
    now.pms_prov_num !== written.provNum ||
    now.pms_op_num !== written.opNum;
  if (isMoved) await queuePmsChange(tx, { appointmentId, kind: 'reschedule', previous });
}
