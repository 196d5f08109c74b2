import { z } from 'zod';
import { OpenDentalError } from '../../adapters/pms/opendental/opendental-errors.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { OpenDentalConnector } from '../../adapters/pms/opendental/opendental-connector.ts';
import {
  enqueueJob,
  PermanentJobError,
  type JobContext,
  type JobHandler,
  type SkippedJob,
} from '../../jobs/job-queue.ts';
import type { OfficeLock } from './pms-change-job.ts';
import { pmsWritten, type RecordPmsWritten } from './pms-written.ts';
import { findPmsChangeState, type PmsChangeState } from './pms-change-repository.ts';
import { failureReason, isOdRefusal } from './pms-job-failure.ts';
import { loadJobTarget, NOT_ON_OPEN_DENTAL, officeClient } from './pms-job-target.ts';

/**
 * A patient's confirmation (ADR 0037: C to a reminder text, the Confirm button of a reminder
 * e-mail), written to the practice's Open Dental by a durable job after the patient was answered:
 * PUT Confirm with confirmVal "Confirmed" (research doc §2.6). A job of its own rather than a kind
 * of change (ADR 0015, amended by ADR 0037): it leaves the booking's write status alone, since a
 * confirmation Open Dental lacks is not a booking the office must enter by hand.
 */
export const OPENDENTAL_CONFIRM_JOB = 'opendental.confirm-appointment';
// As the write and change jobs: 30 s doubling to 1 h, about nine hours.
const CONFIRM_MAX_ATTEMPTS = 16;

const PayloadSchema = z.object({
  appointmentId: z.uuid(),
  /** The time the patient confirmed: a move makes the booking "booked" again, to be confirmed anew. */
  rescheduleCount: z.number().int(),
});
type Payload = z.infer<typeof PayloadSchema>;

/**
 * Called by the booking lifecycle in the transaction that makes the booking confirmed, on the
 * locked row. A no-op unless the practice is on Open Dental and the booking is in it: one that
 * the write job has not written yet is confirmed by that job's last step (`queueConfirmMissedByWrite`);
 * one the practice was asked to enter by hand has no AptNum of ours to confirm.
 */
export async function queuePmsConfirm(tx: Queryable, change: { appointmentId: string }): Promise<void> {
  const state = await findPmsChangeState(tx, change.appointmentId);
  if (!state?.is_on_open_dental || state.pms_apt_num === null) return;
  const payload: Payload = { appointmentId: change.appointmentId, rescheduleCount: state.reschedule_count };
  // One job per confirmed time: a repeat (a second C, a retried transaction) finds it queued or done.
  const dedupeKey = `${OPENDENTAL_CONFIRM_JOB}:${payload.appointmentId}:${payload.rescheduleCount}`;
  await enqueueJob(tx, { type: OPENDENTAL_CONFIRM_JOB, payload, dedupeKey, maxAttempts: CONFIRM_MAX_ATTEMPTS });
}

/**
 * The write job's last step, in the transaction that records its AptNum: a booking confirmed
 * before it was in Open Dental queued nothing, so its confirmation follows now.
 */
export async function queueConfirmMissedByWrite(tx: Queryable, appointmentId: string): Promise<void> {
  const state = await findPmsChangeState(tx, appointmentId);
  if (state?.status === 'confirmed') await queuePmsConfirm(tx, { appointmentId });
}

export function createPmsConfirmJobHandler(
  deps: { db: Database; clock: Clock; openDental: OpenDentalConnector | undefined; recordFact: RecordPmsWritten },
  oneAtATime: OfficeLock,
): JobHandler {
  return async function handle(raw: unknown, context: JobContext): Promise<void | SkippedJob> {
    const target = { what: 'confirm', schema: PayloadSchema, raw, find: findPmsChangeState };
    const { payload, appointment: state, practice } = await loadJobTarget(deps.db, target);
    if (!practice) return { skipped: NOT_ON_OPEN_DENTAL };
    const outdated = whyOutdated(state, payload, deps.clock.now());
    if (outdated) return { skipped: outdated };
    const aptNum = state.pms_apt_num!;
    const { openDental } = deps;
    const customerKey = practice.pms.customer_key;
    try {
      const client = officeClient(deps.openDental, customerKey);
      // PUT Confirm sets a value: sending it again after a lost answer changes nothing.
      await oneAtATime(customerKey, () => client.confirmAppointment(aptNum));
      await deps.db.transaction((tx) =>
        deps.recordFact(tx, payload.appointmentId, pmsWritten(deps.clock.now(), 'confirmed', aptNum)),
      );
    } catch (error) {
      const reason = failureReason(error);
      const isRefusal = isOdRefusal(error);
      // The booking stays confirmed with us (the patient did confirm); the operator reads the
      // worker's "Job failed for good" error, and the connector's report of Open Dental's answer.
      if (isRefusal || context.isLastAttempt) {
        if (error instanceof OpenDentalError) openDental?.report(practice.id, error);
        throw new PermanentJobError(`Confirmation of appointment ${aptNum} not written to Open Dental: ${reason}`);
      }
      throw error instanceof Error ? error : new Error(reason);
    }
  };
}

/**
 * Why the confirmation is no longer to be written, or null. Only a confirmed booking at the time
 * the patient confirmed, before it starts: from then on the front desk moves Open Dental's status
 * on (arrived, seated), which a late "Confirmed" would overwrite.
 */
function whyOutdated(state: PmsChangeState, payload: Payload, now: Date): string | null {
  if (state.pms_apt_num === null) return 'Not in Open Dental through us.';
  if (state.reschedule_count !== payload.rescheduleCount) return 'The booking was moved after it was confirmed.';
  if (state.status !== 'confirmed') return `The booking is ${state.status} now.`;
  if (state.starts_at && state.starts_at.getTime() <= now.getTime()) return 'The appointment has started.';
  return null;
}
