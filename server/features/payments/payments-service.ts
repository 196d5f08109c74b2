import { z } from 'zod';
import { isBooked } from '#domain/booking/booking-lifecycle.ts';
import { reasonNameIn } from '#domain/practice/practice-translations.ts';
import { type CheckoutSession, type PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import type { PaymentAdapter, SessionState } from '../../adapters/payments/payment-adapter.ts';
import { PaymentProviderError } from '../../adapters/payments/payment-adapter.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { attemptInSavepoint } from '../../db/savepoint.ts';
import { announceSlotChanges } from '../../db/slot-change-notices.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './payments.messages.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { countBookingLinks } from '../booking-links/booking-links-repository.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { spendHeldVerificationToken } from '../verification/verification-repository.ts';
import {
  createAppointment,
  prepareBooking,
  slotTaken,
  type BookingTransactionDeps,
  type BookingRequest,
} from '../bookings/booking-transaction.ts';
import { isOverlapViolation } from '../bookings/bookings-repository.ts';
import type { PracticeRow } from '../practices/practices-repository.ts';
import type { BookingResponse } from '../bookings/bookings-service.ts';
import {
  queueLostHoldNotices,
  queuePaidBookingMessages,
  queueRefundNotices,
  queueUnpaidNotice,
} from './payment-messages.ts';
import { canTakePayment, describeAppointment, isHeld, isSameBooking } from './own-checkout.ts';
import {
  attachSession,
  cancelHold,
  findBookedSlotBySession,
  findSessionAppointment,
  findSessionStatus,
  lockAppointmentBySession,
  markBookedUnpaid,
  markPaid,
  markRefund,
  moveToSession,
  recordPaymentEvent,
  releaseExpiredHolds,
  releaseHold,
  retakeSlot,
  type HeldAppointment,
  type SessionAppointment,
} from './payments-repository.ts';

// Stripe's shortest Checkout Session; the hold outlives it a little, so the provider's
// "expired" event normally arrives first and the slot is released only when nothing came.
const SESSION_LIFETIME_MS = 31 * 60_000;
const HOLD_GRACE_MS = 10 * 60_000;
export const REFUND_JOB = 'payment.refund';
// Reloads of the success page each get a link, up to this many; after that the page shows none.
const STATUS_LINKS_PER_BOOKING = 5;

const t = translator(messages);

const NOT_FOUND_MESSAGE = t.localized('notFound');
const RELEASED_MESSAGE = t.localized('released');

export interface PaymentsService {
  /** `replacesSessionId`: the checkout this browser left (ADR 0024), parsed from the body by the route. */
  createSession(request: BookingRequest & { replacesSessionId?: string | undefined }): Promise<CheckoutSession>;
  /** "Try the payment again": back to the open checkout, or a new one for the same held or unpaid appointment. */
  retrySession(sessionId: string, practiceId: string): Promise<CheckoutSession>;
  /** True when the session's appointment can still be paid (the local checkout's Pay asks). */
  canPay(sessionId: string): Promise<boolean>;
  /** Completion from any path (webhook, status check, success page, local checkout): applied once. */
  completeSession(
    sessionId: string,
    eventId: string,
    known?: SessionState,
  ): Promise<'paid' | 'refunding' | 'unchanged'>;
  /** Checkout cancelled, expired or its payment failed: booked without payment. */
  markUnpaid(sessionId: string, eventId: string): Promise<void>;
  checkStatus(
    sessionId: string,
    practiceId: string,
  ): Promise<{ apt_booked: boolean; payment_status: string; appointment: PaymentAppointment }>;
  /** The success page's `POST appointment` with payment_details. */
  completeFromReturn(sessionId: string, practiceId: unknown): Promise<BookingResponse>;
  releaseExpiredHolds(): Promise<number>;
  refund(payload: unknown): Promise<void>;
}

const paymentUnavailable = () => new AppError(503, 'SERVICE_UNAVAILABLE', t.localized('notStarted'));

/** The payment status to report: the row's refund or payment state wins over the provider's view. */
function paymentStatusOf(row: { payment_status: string | null }, state: SessionState | null): string {
  if (row.payment_status === 'refund_pending' || row.payment_status === 'refunded') return 'refunded';
  if (row.payment_status === 'paid') return 'paid';
  return state?.paymentStatus && state.paymentStatus !== 'paid'
    ? state.paymentStatus
    : (row.payment_status ?? 'unpaid');
}

export function createPaymentsService(
  deps: BookingTransactionDeps & { db: Database; adapter: PaymentAdapter; publicUrl: string },
): PaymentsService {
  const { db, adapter, clock } = deps;

  // Only the configured public origin, never the client's or the Host header's: no open redirect,
  // and no address the patient happened to open the site at can fail a booking (ADR 0023).
  const publicOrigin = new URL(deps.publicUrl).origin;
  const returnUrls = (formUrl: string) => ({
    successUrl: `${publicOrigin}/${formUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicOrigin}/${formUrl}/payment-failed?session_id={CHECKOUT_SESSION_ID}`,
  });
  const successUrlOf = (formUrl: string, sessionId: string) =>
    returnUrls(formUrl).successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));

  /** Best effort: a replaced checkout that cannot be closed is harmless, as money for it is refunded. */
  async function expireQuietly(sessionId: string): Promise<void> {
    await adapter.expireSession(sessionId).catch(() => undefined);
  }

  /** A new checkout for an appointment whose earlier one was left or closed; the appointment follows it. */
  async function renewCheckout(earlier: SessionAppointment, practice: PracticeRow): Promise<CheckoutSession> {
    const urls = returnUrls(practice.form_url);
    const expiresAt = new Date(clock.now().getTime() + SESSION_LIFETIME_MS);
    let session;
    try {
      session = await adapter.createCheckoutSession({
        appointmentId: earlier.id,
        amountCents: earlier.amount_cents ?? 0,
        currency: 'usd',
        description: t(earlier.language, 'checkoutLine', {
          reason: reasonNameIn(
            { name: earlier.reason_name, translations: earlier.reason_translations },
            earlier.language,
          ),
          practice: practice.name,
        }),
        successUrl: urls.successUrl,
        cancelUrl: urls.cancelUrl,
        expiresAt,
        idempotencyKey: `checkout-${earlier.id}-after-${earlier.payment_session_id}`,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) throw paymentUnavailable();
      throw error;
    }
    const moved = await moveToSession(db, {
      id: earlier.id,
      fromSessionId: earlier.payment_session_id,
      toSessionId: session.id,
      provider: adapter.provider,
      holdExpiresAt: new Date(expiresAt.getTime() + HOLD_GRACE_MS),
    });
    if (!moved) {
      await expireQuietly(session.id);
      throw new AppError(409, 'CONFLICT', t.localized('changedElsewhere'));
    }
    return { session_id: session.id, url: session.url };
  }

  /**
   * The patient's own earlier checkout, for the same booking: paid (its success page), held and
   * open (the same checkout page), held but closed or booked unpaid (a new checkout for the same
   * appointment). Null when it holds nothing any more: the caller books afresh.
   */
  async function resumeOrRenew(earlier: SessionAppointment, practice: PracticeRow): Promise<CheckoutSession | null> {
    if (isBooked(earlier.status) && earlier.payment_status === 'paid')
      return {
        session_id: earlier.payment_session_id,
        url: successUrlOf(practice.form_url, earlier.payment_session_id),
      };
    if (!canTakePayment(earlier, clock.now())) return null;
    if (isHeld(earlier, clock.now())) {
      const state = await adapter.retrieveSession(earlier.payment_session_id).catch(() => null);
      if (state?.paymentStatus === 'paid') {
        await completeSession(earlier.payment_session_id, `retrieve:${earlier.payment_session_id}:paid`, state);
        return {
          session_id: earlier.payment_session_id,
          url: successUrlOf(practice.form_url, earlier.payment_session_id),
        };
      }
      if (state?.status === 'open' && state.url) return { session_id: earlier.payment_session_id, url: state.url };
      // Unknown or closed at the provider: closed for good, so a new checkout keeps the same hold.
      if (state?.status === 'open' || state === null) await expireQuietly(earlier.payment_session_id);
    }
    return renewCheckout(earlier, practice);
  }

  /** The earlier checkout this browser names, if it is one of this practice's; anything else is ignored. */
  async function ownEarlierCheckout(
    sessionId: string | undefined,
    practiceId: string,
  ): Promise<SessionAppointment | null> {
    if (!sessionId) return null;
    const earlier = await findSessionAppointment(db, sessionId);
    return earlier && earlier.practice_id === practiceId ? earlier : null;
  }

  async function applyCompletion(
    tx: Queryable,
    practice: PracticeRow,
    a: HeldAppointment,
    paymentIntentId: string | null,
  ): Promise<'paid' | 'refunding' | 'unchanged'> {
    if (a.payment_status === 'paid' || a.payment_status === 'refund_pending' || a.payment_status === 'refunded')
      return 'unchanged';
    const refund = async (reason: 'slot-lost' | 'replaced') => {
      await markRefund(tx, a.id, 'refund_pending', paymentIntentId);
      await enqueueJob(tx, {
        type: REFUND_JOB,
        payload: { appointmentId: a.id, sessionId: a.payment_session_id, paymentIntentId },
        dedupeKey: `refund:${a.id}`,
      });
      await queueRefundNotices(tx, practice, a, reason);
      return 'refunding' as const;
    };
    // Money for a checkout the patient replaced by a later one (ADR 0024): their later booking stands, this one is
    // refunded.
    if (a.status === 'cancelled') return refund('replaced');
    if (a.status === 'expired') {
      // The hold ran out before the money came: take the slot back if it is still free.
      if (!(await attemptInSavepoint(tx, () => retakeSlot(tx, a.id), isOverlapViolation))) return refund('slot-lost');
      await announceSlotChanges(db, tx, [practice.id]);
    }
    await markPaid(tx, a.id, paymentIntentId, clock.now());
    // The paid booking commits: now its verification token is spent (ADR 0012), not at the hold.
    await spendHeldVerificationToken(tx, a.id);
    await queuePaidBookingMessages(tx, practice, a, clock.now(), deps.publicUrl);
    return 'paid';
  }

  /** Read before the transaction: PGlite has one connection, so no outside query may wait inside. */
  async function practiceOfSession(sessionId: string): Promise<PracticeRow> {
    const stored = await findSessionStatus(db, sessionId);
    if (!stored) throw AppError.notFound(NOT_FOUND_MESSAGE);
    return deps.practices.requirePractice(stored.practice_id);
  }

  async function completeSession(sessionId: string, eventId: string, known?: SessionState) {
    const practice = await practiceOfSession(sessionId);
    const { outcome, isRetaken } = await db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, eventId, 'completed')))
        return { outcome: 'unchanged' as const, isRetaken: false };
      const appointment = await lockAppointmentBySession(tx, sessionId);
      if (!appointment) throw AppError.notFound(NOT_FOUND_MESSAGE);
      const outcome = await applyCompletion(tx, practice, appointment, known?.paymentIntentId ?? null);
      return { outcome, isRetaken: appointment.status === 'expired' && outcome === 'paid' };
    });
    // A released slot taken back by a late payment is not offered any more.
    if (isRetaken) deps.availability.invalidatePractice(practice.id);
    return outcome;
  }

  return {
    async createSession(request) {
      const prepared = await prepareBooking(deps, request);
      const { practice, reason } = prepared;
      if (!reason.is_payment_enabled || reason.amount_cents <= 0) {
        throw AppError.badRequest(t.localized('notPaidOnline'), { rfv_id: t.localized('notPaidOnlineField') });
      }
      const earlier = await ownEarlierCheckout(request.replacesSessionId, practice.id);
      if (earlier && isSameBooking(earlier, reason.id, prepared.body)) {
        const resumed = await resumeOrRenew(earlier, practice);
        if (resumed) return resumed;
      }
      const urls = returnUrls(practice.form_url);
      const expiresAt = new Date(clock.now().getTime() + SESSION_LIFETIME_MS);
      // The amount comes from the reason, never from the client (invariant 4). A changed booking
      // lets go of the patient's own earlier hold in the transaction that takes the new one, so the
      // patient never holds two times, and never loses the first if the second is taken.
      const { created, isReplaced } = await db.transaction(async (tx) => {
        const isReplaced = earlier ? await cancelHold(tx, earlier.id) : false;
        const created = await createAppointment(tx, deps, prepared, {
          status: 'pending_payment',
          holdExpiresAt: new Date(expiresAt.getTime() + HOLD_GRACE_MS),
          amountCents: reason.amount_cents,
        });
        await announceSlotChanges(db, tx, [practice.id]);
        return { created, isReplaced };
      });
      deps.availability.invalidatePractice(practice.id);
      if (isReplaced) await expireQuietly(earlier!.payment_session_id);
      try {
        const session = await adapter.createCheckoutSession({
          appointmentId: created.appointmentId,
          amountCents: reason.amount_cents,
          currency: 'usd',
          // The patient reads this line on the checkout page: in the booking's language.
          description: t(prepared.body.language, 'checkoutLine', {
            reason: reasonNameIn(reason, prepared.body.language),
            practice: practice.name,
          }),
          successUrl: urls.successUrl,
          cancelUrl: urls.cancelUrl,
          expiresAt,
        });
        await attachSession(db, created.appointmentId, session.id, adapter.provider);
        return { session_id: session.id, url: session.url };
      } catch (error) {
        await db.transaction(async (tx) => {
          await releaseHold(tx, created.appointmentId);
          await announceSlotChanges(db, tx, [practice.id]);
        });
        deps.availability.invalidatePractice(practice.id);
        if (error instanceof PaymentProviderError) throw paymentUnavailable();
        throw error;
      }
    },

    async retrySession(sessionId, practiceId) {
      const earlier = await ownEarlierCheckout(sessionId, practiceId);
      if (!earlier) throw AppError.notFound(NOT_FOUND_MESSAGE);
      const practice = await deps.practices.requirePractice(earlier.practice_id);
      const resumed = await resumeOrRenew(earlier, practice);
      if (!resumed) throw new AppError(409, 'CONFLICT', RELEASED_MESSAGE);
      return resumed;
    },

    async canPay(sessionId) {
      const appointment = await findSessionAppointment(db, sessionId);
      return appointment !== null && canTakePayment(appointment, clock.now());
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
          const bookedUnpaid = async () => {
            await markBookedUnpaid(tx, appointment.id);
            await spendHeldVerificationToken(tx, appointment.id);
          };
          if (!(await attemptInSavepoint(tx, bookedUnpaid, isOverlapViolation))) {
            await queueLostHoldNotices(tx, practice, appointment);
            return false;
          }
          await queueUnpaidNotice(tx, practice, appointment);
          await announceSlotChanges(db, tx, [practice.id]);
          return true;
        }
        if (appointment.status !== 'pending_payment') return false;
        await markBookedUnpaid(tx, appointment.id);
        await spendHeldVerificationToken(tx, appointment.id);
        await queueUnpaidNotice(tx, practice, appointment);
        return false;
      });
      if (retaken) deps.availability.invalidatePractice(practice.id);
    },

    async checkStatus(sessionId, practiceId) {
      const stored = await findSessionStatus(db, sessionId);
      // An id of another practice is as unknown as a made-up one.
      if (!stored || stored.practice_id !== practiceId) throw AppError.notFound(NOT_FOUND_MESSAGE);
      const appointmentNow = async () => {
        const appointment = (await findSessionAppointment(db, sessionId))!;
        const described = describeAppointment(appointment, clock.now());
        if (!(isBooked(appointment.status) && appointment.payment_status === 'paid')) return described;
        // The success page's manage link: minted per look, up to a few per booking (the e-mail has its own).
        const link =
          (await countBookingLinks(db, appointment.id, 'payment_status')) < STATUS_LINKS_PER_BOOKING
            ? await mintManageLink(db, {
                appointmentId: appointment.id,
                formUrl: appointment.form_url,
                carriedBy: 'payment_status',
                now: clock.now(),
              })
            : null;
        return {
          ...described,
          reference: appointment.reference,
          manage_path: link?.path ?? null,
          starts_at: appointment.starts_at?.toISOString() ?? null,
          ends_at: appointment.ends_at?.toISOString() ?? null,
        };
      };
      if (stored.payment_status === 'paid')
        return { apt_booked: isBooked(stored.status), payment_status: 'paid', appointment: await appointmentNow() };
      let state: SessionState | null = null;
      if (stored.payment_status !== 'refund_pending' && stored.payment_status !== 'refunded') {
        state = await adapter.retrieveSession(sessionId).catch(() => null);
        if (state?.paymentStatus === 'paid') await completeSession(sessionId, `retrieve:${sessionId}:paid`, state);
      }
      // The answer is the row's, after any completion: a late payment whose slot went to someone
      // else is refunded, and the provider's "paid" must not be shown as a booking.
      const row = (await findSessionStatus(db, sessionId)) ?? stored;
      return {
        apt_booked: isBooked(row.status),
        payment_status: paymentStatusOf(row, state),
        appointment: await appointmentNow(),
      };
    },

    async completeFromReturn(sessionId, practiceId) {
      const status = await this.checkStatus(sessionId, typeof practiceId === 'string' ? practiceId : '');
      if (status.payment_status === 'refund_pending' || status.payment_status === 'refunded') {
        throw new AppError(409, 'SLOT_TAKEN', t.localized('takenBeforePayment'), {
          payment_details: t.localized('takenBeforePaymentField'),
        });
      }
      if (!status.apt_booked)
        throw AppError.badRequest(t.localized('notComplete'), { payment_details: t.localized('notCompleteField') });
      const row = await findBookedSlotBySession(db, sessionId);
      if (!row) throw slotTaken();
      // The success page's own manage link (each return mints one; the e-mail carries another).
      const link = await mintManageLink(db, {
        appointmentId: row.id,
        formUrl: row.form_url,
        carriedBy: 'payment_return',
        now: clock.now(),
      });
      return {
        status: 200,
        body: {
          success: true,
          message: 'Appointment Booked',
          result: {
            appointment_id: row.id,
            reference: row.reference,
            status: 'booked',
            apt_date: row.starts_at ? formatInstantLocal(row.starts_at, row.server_tz).slice(0, 10) : null,
            start_time: row.starts_at ? formatInstantLocal(row.starts_at, row.server_tz).slice(11) : null,
            end_time: row.ends_at ? formatInstantLocal(row.ends_at, row.server_tz).slice(11) : null,
            pms_prov_num: row.pms_prov_num,
            pms_op_num: row.pms_op_num,
            manage_path: link.path,
          },
        },
      };
    },

    async releaseExpiredHolds() {
      const released = await db.transaction(async (tx) => {
        const rows = await releaseExpiredHolds(tx, clock.now());
        await announceSlotChanges(
          db,
          tx,
          rows.map((r) => r.practice_id),
        );
        return rows;
      });
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
