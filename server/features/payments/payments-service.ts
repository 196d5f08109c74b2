import { z } from 'zod';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import type { PaymentAdapter, SessionState } from '../../adapters/payments/payment-adapter.ts';
import { PaymentProviderError } from '../../adapters/payments/payment-adapter.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { createAppointment, prepareBooking, slotTaken, type BookingCoreDeps, type BookingRequest } from '../bookings/booking-core.ts';
import { isOverlapViolation } from '../bookings/bookings-repository.ts';
import type { PracticeRow } from '../practices/practices-repository.ts';
import type { BookingResponse } from '../bookings/bookings-service.ts';
import { queueLostHoldNotices, queuePaidBookingMessages, queueRefundNotices, queueUnpaidNotice } from './payment-messages.ts';
import {
  attachSession, findSessionStatus, lockAppointmentBySession, markBookedUnpaid, markPaid, markRefund, recordPaymentEvent, releaseExpiredHolds, releaseHold,
  type HeldAppointment,
} from './payments-repository.ts';

// Stripe's shortest Checkout Session; the hold outlives it a little, so the provider's
// "expired" event normally arrives first and the slot is released only when nothing came.
const SESSION_LIFETIME_MS = 31 * 60_000;
const HOLD_GRACE_MS = 10 * 60_000;
export const REFUND_JOB = 'payment.refund';

const ReturnUrlsSchema = z.object({
  success_url: z.string({ message: 'success_url is required' }).max(2_000),
  cancel_url: z.string({ message: 'cancel_url is required' }).max(2_000),
});

export interface PaymentsService {
  createSession(request: BookingRequest): Promise<{ session_id: string; url: string }>;
  /** Completion from any path (webhook, status check, success page, local checkout): applied once. */
  completeSession(sessionId: string, eventId: string, known?: SessionState): Promise<'paid' | 'refunding' | 'unchanged'>;
  /** Checkout cancelled, expired or its payment failed: booked without payment. */
  markUnpaid(sessionId: string, eventId: string): Promise<void>;
  checkStatus(sessionId: string, practiceId: string): Promise<{ apt_booked: boolean; payment_status: string }>;
  /** The success page's `POST appointment` with payment_details. */
  completeFromReturn(sessionId: string, practiceId: unknown): Promise<BookingResponse>;
  releaseExpiredHolds(): Promise<number>;
  refund(payload: unknown): Promise<void>;
}

/** The payment status to report: the row's refund or payment state wins over the provider's view. */
function paymentStatusOf(row: { payment_status: string | null }, state: SessionState | null): string {
  if (row.payment_status === 'refund_pending' || row.payment_status === 'refunded') return 'refunded';
  if (row.payment_status === 'paid') return 'paid';
  return state?.paymentStatus && state.paymentStatus !== 'paid' ? state.paymentStatus : row.payment_status ?? 'unpaid';
}

export function createPaymentsService(deps: BookingCoreDeps & { db: Database; adapter: PaymentAdapter; publicUrl: string }): PaymentsService {
  const { db, adapter, clock } = deps;

  function returnUrls(raw: unknown, formUrl: string) {
    const parsed = ReturnUrlsSchema.safeParse(raw);
    if (!parsed.success) throw AppError.badRequest('success_url and cancel_url are required.');
    // Only the configured public origin: the Host header is the client's to forge.
    const allowedOrigin = new URL(deps.publicUrl).origin;
    const check = (value: string, page: 'payment-success' | 'payment-failed', field: string) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw AppError.badRequest(`${field} must be an absolute URL of this site.`, { [field]: 'must be an absolute URL' });
      }
      // No open redirects: only this site's own payment pages of this practice.
      if (url.origin !== allowedOrigin || url.pathname !== `/${formUrl}/${page}`) {
        throw AppError.badRequest(`${field} must be this site's /${formUrl}/${page} page.`, { [field]: `must be /${formUrl}/${page} on this site` });
      }
      return url.origin;
    };
    const origin = check(parsed.data.success_url, 'payment-success', 'success_url');
    check(parsed.data.cancel_url, 'payment-failed', 'cancel_url');
    return {
      successUrl: `${origin}/${formUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/${formUrl}/payment-failed`,
    };
  }

  async function applyCompletion(tx: Queryable, practice: PracticeRow, a: HeldAppointment, paymentIntentId: string | null): Promise<'paid' | 'refunding' | 'unchanged'> {
    if (a.payment_status === 'paid' || a.payment_status === 'refund_pending' || a.payment_status === 'refunded') return 'unchanged';
    if (a.status === 'expired') {
      // The hold ran out before the money came: take the slot back if it is still free.
      await tx.query('savepoint retake_slot');
      try {
        await tx.query(`update appointments set status = 'booked' where id = $1`, [a.id]);
        await tx.query('release savepoint retake_slot');
      } catch (error) {
        if (!isOverlapViolation(error)) throw error;
        await tx.query('rollback to savepoint retake_slot');
        await markRefund(tx, a.id, 'refund_pending', paymentIntentId);
        await enqueueJob(tx, { type: REFUND_JOB, payload: { appointmentId: a.id, sessionId: a.payment_session_id, paymentIntentId }, dedupeKey: `refund:${a.id}` });
        await queueRefundNotices(tx, practice, a);
        return 'refunding';
      }
    }
    await markPaid(tx, a.id, paymentIntentId, clock.now());
    await queuePaidBookingMessages(tx, practice, a, clock.now());
    return 'paid';
  }

  /** Read before the transaction: PGlite has one connection, so no outside query may wait inside. */
  async function practiceOfSession(sessionId: string): Promise<PracticeRow> {
    const stored = await findSessionStatus(db, sessionId);
    if (!stored) throw AppError.notFound('No appointment is waiting for this payment session.');
    return deps.practices.requirePractice(stored.practice_id);
  }

  async function completeSession(sessionId: string, eventId: string, known?: SessionState) {
    const practice = await practiceOfSession(sessionId);
    return db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, eventId, 'completed'))) return 'unchanged' as const;
      const appointment = await lockAppointmentBySession(tx, sessionId);
      if (!appointment) throw AppError.notFound('No appointment is waiting for this payment session.');
      return applyCompletion(tx, practice, appointment, known?.paymentIntentId ?? null);
    });
  }

  return {
    async createSession(request) {
      const prepared = await prepareBooking(deps, request);
      const { practice, reason } = prepared;
      if (!reason.is_payment_enabled || reason.amount_cents <= 0) {
        throw AppError.badRequest('This reason for visit is not paid online; book it without payment.', { rfv_id: 'no payment for this reason' });
      }
      const urls = returnUrls(request.body, practice.form_url);
      const expiresAt = new Date(clock.now().getTime() + SESSION_LIFETIME_MS);
      // The amount comes from the reason, never from the client (invariant 4).
      const created = await db.transaction((tx) =>
        createAppointment(tx, deps, prepared, { status: 'pending_payment', holdExpiresAt: new Date(expiresAt.getTime() + HOLD_GRACE_MS), amountCents: reason.amount_cents }),
      );
      deps.availability.invalidatePractice(practice.id);
      try {
        const session = await adapter.createCheckoutSession({
          appointmentId: created.appointmentId,
          amountCents: reason.amount_cents,
          currency: 'usd',
          description: `${reason.name} at ${practice.name}`,
          successUrl: urls.successUrl,
          cancelUrl: urls.cancelUrl,
          expiresAt,
        });
        await attachSession(db, created.appointmentId, session.id, adapter.provider);
        return { session_id: session.id, url: session.url };
      } catch (error) {
        await releaseHold(db, created.appointmentId);
        deps.availability.invalidatePractice(practice.id);
        if (error instanceof PaymentProviderError) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Payment could not be started. Please try again in a moment.');
        throw error;
      }
    },

    completeSession,

    async markUnpaid(sessionId, eventId) {
      const practice = await practiceOfSession(sessionId);
      const retaken = await db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, eventId, 'unpaid'))) return false;
        const appointment = await lockAppointmentBySession(tx, sessionId);
        if (!appointment) return false;
        if (appointment.status === 'expired' && appointment.payment_status === 'unpaid') {
          // The hold ran out before the provider's word came: book it unpaid if the slot is still free,
          // as the failure page says; otherwise tell the patient and the practice nothing is booked.
          await tx.query('savepoint retake_unpaid');
          try {
            await markBookedUnpaid(tx, appointment.id);
            await tx.query('release savepoint retake_unpaid');
          } catch (error) {
            if (!isOverlapViolation(error)) throw error;
            await tx.query('rollback to savepoint retake_unpaid');
            await queueLostHoldNotices(tx, practice, appointment);
            return false;
          }
          await queueUnpaidNotice(tx, practice, appointment);
          return true;
        }
        if (appointment.status !== 'pending_payment') return false;
        await markBookedUnpaid(tx, appointment.id);
        await queueUnpaidNotice(tx, practice, appointment);
        return false;
      });
      if (retaken) deps.availability.invalidatePractice(practice.id);
    },

    async checkStatus(sessionId, practiceId) {
      const stored = await findSessionStatus(db, sessionId);
      // An id of another practice is as unknown as a made-up one.
      if (!stored || stored.practice_id !== practiceId) throw AppError.notFound('No payment session with this id for this practice.');
      if (stored.payment_status === 'paid') return { apt_booked: stored.status === 'booked', payment_status: 'paid' };
      let state: SessionState | null = null;
      if (stored.payment_status !== 'refund_pending' && stored.payment_status !== 'refunded') {
        state = await adapter.retrieveSession(sessionId).catch(() => null);
        if (state?.paymentStatus === 'paid') await completeSession(sessionId, `retrieve:${sessionId}:paid`, state);
      }
      // The answer is the row's, after any completion: a late payment whose slot went to someone
      // else is refunded, and the provider's "paid" must not be shown as a booking.
      const row = (await findSessionStatus(db, sessionId)) ?? stored;
      return { apt_booked: row.status === 'booked', payment_status: paymentStatusOf(row, state) };
    },

    async completeFromReturn(sessionId, practiceId) {
      const status = await this.checkStatus(sessionId, typeof practiceId === 'string' ? practiceId : '');
      if (status.payment_status === 'refund_pending' || status.payment_status === 'refunded') {
        throw new AppError(409, 'SLOT_TAKEN', 'The time slot was taken before the payment arrived; the payment is being refunded.', { payment_details: 'payment refunded' });
      }
      if (!status.apt_booked) throw AppError.badRequest('This payment is not complete.', { payment_details: 'payment not completed' });
      const [row] = await db.query<{ id: string; starts_at: Date | null; pms_prov_num: number; pms_op_num: number; server_tz: string; ends_at: Date | null }>(
        `select a.id, a.starts_at, a.ends_at, a.pms_prov_num, a.pms_op_num, p.server_tz from appointments a join practices p on p.id = a.practice_id where a.payment_session_id = $1`,
        [sessionId],
      );
      if (!row) throw slotTaken();
      return {
        status: 200,
        body: {
          success: true,
          message: 'Appointment Booked',
          result: {
            appointment_id: row.id,
            status: 'booked',
            apt_date: row.starts_at ? formatInstantLocal(row.starts_at, row.server_tz).slice(0, 10) : null,
            start_time: row.starts_at ? formatInstantLocal(row.starts_at, row.server_tz).slice(11) : null,
            end_time: row.ends_at ? formatInstantLocal(row.ends_at, row.server_tz).slice(11) : null,
            pms_prov_num: row.pms_prov_num,
            pms_op_num: row.pms_op_num,
          },
        },
      };
    },

    async releaseExpiredHolds() {
      const released = await releaseExpiredHolds(db, clock.now());
      new Set(released.map((r) => r.practice_id)).forEach((id) => deps.availability.invalidatePractice(id));
      return released.length;
    },

    async refund(payload) {
      const { appointmentId, sessionId, paymentIntentId } = z
        .object({ appointmentId: z.string(), sessionId: z.string(), paymentIntentId: z.string().nullable() })
        .parse(payload);
      await adapter.refund({ id: sessionId, paymentIntentId });
      await markRefund(db, appointmentId, 'refunded', paymentIntentId);
    },
  };
}
