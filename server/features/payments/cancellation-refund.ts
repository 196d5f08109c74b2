import type { Queryable } from '../../db/database.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { REFUND_JOB } from './payments-service.ts';
import { markCancellationRefund } from './payments-repository.ts';

/**
 * A patient's cancellation in time for the deposit back (ADR 0036), in the cancelling transaction:
 * the row says `refund_pending` with the amount, and one refund job (deduplicated per booking, with
 * the provider's own idempotency key) gives the money back, so retries, a second cancel and late
 * webhooks never refund twice. False when nothing was left to refund.
 */
export async function queueCancellationRefund(
  tx: Queryable,
  booking: { id: string; payment_session_id: string | null; payment_intent_id: string | null },
  cents: number,
): Promise<boolean> {
  if (!booking.payment_session_id || !(await markCancellationRefund(tx, booking.id, cents))) return false;
  await enqueueJob(tx, {
    type: REFUND_JOB,
    payload: {
      appointmentId: booking.id,
      sessionId: booking.payment_session_id,
      paymentIntentId: booking.payment_intent_id,
    },
    dedupeKey: `refund:${booking.id}`,
  });
  return true;
}
