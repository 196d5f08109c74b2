import { z } from 'zod';
import type { CheckoutSession } from '#domain/payments/payment-schemas.ts';
import type { SessionState } from '../../adapters/payments/payment-adapter.ts';
import type { BookingRequest } from '../bookings/booking-transaction.ts';
import type { BookingResponse } from '../bookings/bookings-service.ts';
import { canPay, createSession, retrySession } from './payment-checkouts.ts';
import { completeSession, markUnpaid, type CompletionOutcome, type PaymentsDeps } from './payment-completion.ts';
import { checkStatus, completeFromReturn, type CheckoutStatus } from './payment-status.ts';
import { expireHold } from './payment-holds.ts';
import { lockExpiredHolds, markRefund } from './payments-repository.ts';
import { recordBookingFact } from '../bookings/booking-lifecycle-steps.ts';

const PAYMENT = { kind: 'payment' } as const;

export { REFUND_JOB } from './payment-completion.ts';

export interface PaymentsService {
  /** `replacesSessionId`: the checkout this browser left (ADR 0024), parsed from the body by the route. */
  createSession(request: BookingRequest & { replacesSessionId?: string | undefined }): Promise<CheckoutSession>;
  /** "Try the payment again": back to the open checkout, or a new one for the same held or unpaid appointment. */
  retrySession(sessionId: string, practiceId: string): Promise<CheckoutSession>;
  /** True when the session's appointment can still be paid (the local checkout's Pay asks). */
  canPay(sessionId: string): Promise<boolean>;
  /** Completion from any path (webhook, status check, success page, local checkout): applied once. */
  completeSession(sessionId: string, eventId: string, known?: SessionState): Promise<CompletionOutcome>;
  /** Checkout cancelled, expired or its payment failed: booked without payment. */
  markUnpaid(sessionId: string, eventId: string): Promise<void>;
  checkStatus(sessionId: string, practiceId: string): Promise<CheckoutStatus>;
  /** The success page's `POST appointment` with payment_details. */
  completeFromReturn(sessionId: string, practiceId: unknown): Promise<BookingResponse>;
  releaseExpiredHolds(): Promise<number>;
  refund(payload: unknown): Promise<void>;
}

/** Holds whose checkout neither paid nor came back in time: their slots are offered again. */
async function releaseHolds(deps: PaymentsDeps): Promise<number> {
  const { db } = deps;
  const released = await db.transaction(async (tx) => {
    const rows = await lockExpiredHolds(tx, deps.clock.now());
    // Each expiry's event offers its time again, in every process, on commit (ADR 0069).
    for (const row of rows) await expireHold(tx, row.id, deps.clock.now(), { isReleased: false });
    return rows;
  });
  return released.length;
}

/** The refund job: the provider gives the money back, then the row says so. */
async function refund(deps: PaymentsDeps, payload: unknown): Promise<void> {
  const { appointmentId, sessionId, paymentIntentId } = z
    .object({ appointmentId: z.string(), sessionId: z.string(), paymentIntentId: z.string().nullable() })
    .parse(payload);
  await deps.adapter.refund({ id: sessionId, paymentIntentId });
  await deps.db.transaction(async (tx) => {
    await markRefund(tx, appointmentId, 'refunded', paymentIntentId);
    await recordBookingFact(tx, appointmentId, { type: 'payment.refunded', actor: PAYMENT, at: deps.clock.now() });
  });
}

/**
 * Payments (ADR 0014): checkouts in payment-checkouts.ts, the provider's word in
 * payment-completion.ts, the success page's questions in payment-status.ts.
 */
export function createPaymentsService(deps: PaymentsDeps): PaymentsService {
  return {
    createSession: (request) => createSession(deps, request),
    retrySession: (sessionId, practiceId) => retrySession(deps, sessionId, practiceId),
    canPay: (sessionId) => canPay(deps, sessionId),
    completeSession: (sessionId, eventId, known) => completeSession(deps, sessionId, eventId, known),
    markUnpaid: (sessionId, eventId) => markUnpaid(deps, sessionId, eventId),
    checkStatus: (sessionId, practiceId) => checkStatus(deps, sessionId, practiceId),
    completeFromReturn: (sessionId, practiceId) => completeFromReturn(deps, sessionId, practiceId),
    releaseExpiredHolds: () => releaseHolds(deps),
    refund: (payload) => refund(deps, payload),
  };
}
