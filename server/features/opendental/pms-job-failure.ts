import { OpenDentalError } from '../../adapters/pms/opendental/opendental-errors.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { PermanentJobError, type JobContext } from '../../jobs/job-queue.ts';
import { recordWriteProblem } from './pms-write-repository.ts';

/**
 * How a write or a change to Open Dental ends when it fails (ADR 0015): a refusal (ours, or Open
 * Dental's "invalid", "not found", "gone") or the last attempt fails for good, with the practice's
 * "please do it by hand" notice; anything else stays pending, with the "not yet" notice, and retries.
 */
export async function settleOpenDentalFailure(
  db: Database,
  error: unknown,
  failure: {
    appointmentId: string;
    context: JobContext;
    isOurRefusal: boolean;
    /** What failed, for the job's record: "Not written to Open Dental". */
    what: string;
    queueFailedNotice(tx: Queryable, reason: string): Promise<void>;
    queueDelayedNotice(tx: Queryable, reason: string): Promise<void>;
    report(error: OpenDentalError): void;
  },
): Promise<never> {
  const reason = failureReason(error);
  const isRefusal = failure.isOurRefusal || isOdRefusal(error);
  if (isRefusal || failure.context.isLastAttempt) {
    await db.transaction(async (tx) => {
      await recordWriteProblem(tx, failure.appointmentId, 'failed', reason);
      await failure.queueFailedNotice(tx, reason);
    });
    if (error instanceof OpenDentalError) failure.report(error);
    throw new PermanentJobError(`${failure.what}: ${reason}`);
  }
  await db.transaction(async (tx) => {
    await recordWriteProblem(tx, failure.appointmentId, 'pending', reason);
    await failure.queueDelayedNotice(tx, reason);
  });
  throw error instanceof Error ? error : new Error(reason);
}

/** A failure as the job's record and the practice's notice read it: Open Dental's status (or kind) and detail. */
export function failureReason(error: unknown): string {
  if (error instanceof OpenDentalError) return `${error.status ?? error.kind} ${error.detail}`;
  return error instanceof Error ? error.message : String(error);
}

/** Open Dental said no ("invalid", "not found", "gone"): asking again would get the same answer. */
export function isOdRefusal(error: unknown): error is OpenDentalError {
  return error instanceof OpenDentalError && ['invalid', 'not_found', 'gone'].includes(error.kind);
}
