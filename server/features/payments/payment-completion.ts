/**
 * What the provider's word about a checkout does to its appointment (ADR 0014): paid, refunded
 * when its slot or its booking is gone, or booked unpaid. Each event id applies once.
 */
import type { PaymentAdapter, SessionState } from '../../adapters/payments/payment-adapter.ts';
import { isOverlapViolation, type Database, type Queryable } from '../../db/database.ts';
import { attemptInSavepoint } from '../../db/savepoint.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle-service.ts';
import { moveStatusIn, recordBookingFact } from '../bookings/booking-lifecycle-steps.ts';
import type { BookingTransactionDeps } from '../bookings/booking-transaction.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import { spendHeldVerificationToken } from '../verification/verification-service.ts';
import * as messages from './payments.messages.ts';
import {
  findSessionAppointment,
  findSessionStatus,
  lockAppointmentBySession,
  markHoldUnpaid,
  markRefund,
  recordPayment,
  recordPaymentEvent,
  type HeldAppointment,
} from './payments-repository.ts';

export const REFUND_JOB = 'payment.refund';
/** The provider's word is the actor of every change it makes (ADR 0069). */
export const PAID = { kind: 'payment' } as const;

export type PaymentsDeps = BookingTransactionDeps & {
  db: Database;
  adapter: PaymentAdapter;
  publicUrl: string;
  lifecycle: BookingLifecycle;
};
export type CompletionOutcome = 'paid' | 'refunding' | 'unchanged';

const t = translator(messages);
export const NOT_FOUND_MESSAGE = t.localized('notFound');

async function applyCompletion(
  deps: PaymentsDeps,
  tx: Queryable,
  practice: PracticeRow,
  a: HeldAppointment,
  paymentIntentId: string | null,
): Promise<CompletionOutcome> {
  if (a.payment_status === 'paid' || a.payment_status === 'refund_pending' || a.payment_status === 'refunded')
    return 'unchanged';
  const at = deps.clock.now();
  const refund = async () => {
    await moveStatusIn(tx, a.id, { to: 'refunded', type: 'payment.refunded', actor: PAID, at });
    await markRefund(tx, a.id, 'refund_pending', paymentIntentId);
    await enqueueJob(tx, {
      type: REFUND_JOB,
      payload: { appointmentId: a.id, sessionId: a.payment_session_id, paymentIntentId },
      dedupeKey: `refund:${a.id}`,
    });
    // Both sides hear of it from the refund's event (ADR 0069): replaced when it was cancelled, else its time was lost.
    return 'refunding' as const;
  };
  // Money for a checkout the patient replaced by a later one (ADR 0024): their later booking
  // stands, this one is refunded.
  if (a.status === 'cancelled') return refund();
  // A hold that ran out before the money came takes its slot back if it is still free (ADRs 0060, 0068).
  const book = () => moveStatusIn(tx, a.id, { to: 'booked', type: 'payment.succeeded', actor: PAID, at });
  if (a.status === 'expired') {
    if (!(await attemptInSavepoint(tx, book, isOverlapViolation))) return refund();
  } else await book();
  await recordPayment(tx, a.id, paymentIntentId, at);
  // The paid booking commits: now its verification token is spent (ADR 0012), not at the hold.
  await spendHeldVerificationToken(tx, a.id);
  // The confirmation with the amount paid and the practice's notice follow the payment's event (ADR 0069).
  return 'paid';
}

/** Read before the transaction: PGlite has one connection, so no outside query may wait inside. */
export async function practiceOfSession(deps: PaymentsDeps, sessionId: string): Promise<PracticeRow> {
  const stored = await findSessionStatus(deps.db, sessionId);
  if (!stored) throw AppError.notFound(NOT_FOUND_MESSAGE);
  return deps.practices.requirePractice(stored.practice_id);
}

/** Completion from any path (webhook, status check, success page, local checkout): applied once. */
export async function completeSession(
  deps: PaymentsDeps,
  sessionId: string,
  eventId: string,
  known?: SessionState,
): Promise<CompletionOutcome> {
  const practice = await practiceOfSession(deps, sessionId);
  return deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, eventId, 'completed'))) return 'unchanged' as const;
    const appointment = await lockAppointmentBySession(tx, sessionId);
    if (!appointment) throw AppError.notFound(NOT_FOUND_MESSAGE);
    // A released slot taken back by a late payment: its event stops every process offering it (ADR 0069).
    return applyCompletion(deps, tx, practice, appointment, known?.paymentIntentId ?? null);
  });
}

/** Thrown by a check that finds nothing to do: the change is not made, and nothing is written. */
class NothingToChange extends Error {}

/** A checkout that ended without money and can still book: held, or its hold ran out unpaid. */
const canEndUnpaid = (a: Pick<HeldAppointment, 'status' | 'payment_status'>) =>
  a.status === 'pending_payment' || (a.status === 'expired' && a.payment_status === 'unpaid');

/**
 * Checkout cancelled, expired or its payment failed: booked without payment, through the lifecycle
 * like every status change (ADR 0060), with the confirmation and reminders of any booking. A hold
 * that ran out is booked only if its slot is still free; otherwise both sides hear nothing is booked.
 */
export async function markUnpaid(deps: PaymentsDeps, sessionId: string, eventId: string): Promise<void> {
  await practiceOfSession(deps, sessionId); // an unknown session is a 404
  const held = await findSessionAppointment(deps.db, sessionId);
  if (!held || !canEndUnpaid(held)) {
    await recordPaymentEvent(deps.db, eventId, 'unpaid');
    return;
  }
  try {
    await deps.lifecycle.changeStatus(
      held.id,
      'booked',
      { actor: 'system', as: PAID },
      {
        check: async (tx, current) => {
          const a = await lockAppointmentBySession(tx, sessionId);
          const isApplicable = a?.id === current.id && canEndUnpaid(a);
          if (!isApplicable || !(await recordPaymentEvent(tx, eventId, 'unpaid'))) throw new NothingToChange();
        },
        after: async (tx) => {
          const a = (await lockAppointmentBySession(tx, sessionId))!;
          await markHoldUnpaid(tx, a.id, { isReleased: true });
          await spendHeldVerificationToken(tx, a.id);
          // The confirmation with the fee unpaid and the practice's notice follow the event (ADR 0069).
        },
      },
    );
  } catch (error) {
    if (error instanceof NothingToChange) return;
    if (!isOverlapViolation(error)) throw error;
    await deps.db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, eventId, 'unpaid'))) return;
      const a = await lockAppointmentBySession(tx, sessionId);
      // Nothing changes, but both sides are told, by the event's subscriber (ADR 0069).
      if (a?.status === 'expired')
        await recordBookingFact(tx, a.id, { type: 'booking.hold_lost', actor: PAID, at: deps.clock.now() });
    });
  }
}
