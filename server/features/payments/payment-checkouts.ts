/**
 * Starting a checkout for a paid reason (ADR 0014), and going back to one: the patient's own
 * earlier checkout is resumed or renewed rather than holding a second time (ADR 0024).
 */
import { isBooked } from '#domain/booking/booking-lifecycle.ts';
import type { CheckoutSession } from '#domain/payments/payment-schemas.ts';
import { reasonNameIn } from '#domain/practice/practice-translations.ts';
import { PaymentProviderError } from '../../adapters/payments/payment-adapter.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import { createAppointment, prepareBooking, type BookingRequest } from '../bookings/booking-transaction.ts';
import { resendingOnAlreadyBooked } from '../bookings/already-booked.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import { canTakePayment, isHeld, isSameBooking } from './own-checkout.ts';
import { completeSession, NOT_FOUND_MESSAGE, type PaymentsDeps } from './payment-completion.ts';
import * as messages from './payments.messages.ts';
import { cancelReplacedHold, expireHold } from './payment-holds.ts';
import {
  attachSession,
  findSessionAppointment,
  moveToSession,
  type SessionAppointment,
} from './payments-repository.ts';

// Stripe's shortest Checkout Session; the hold outlives it a little, so the provider's
// "expired" event normally arrives first and the slot is released only when nothing came.
const SESSION_LIFETIME_MS = 31 * 60_000;
const HOLD_GRACE_MS = 10 * 60_000;

const t = translator(messages);

const paymentUnavailable = () => new AppError(503, 'SERVICE_UNAVAILABLE', t.localized('notStarted'));

// Only the configured public origin, never the client's or the Host header's: no open redirect,
// and no address the patient happened to open the site at can fail a booking (ADR 0023).
function returnUrls(deps: PaymentsDeps, formUrl: string) {
  const publicOrigin = new URL(deps.publicUrl).origin;
  return {
    successUrl: `${publicOrigin}/${formUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicOrigin}/${formUrl}/payment-failed?session_id={CHECKOUT_SESSION_ID}`,
  };
}

function successOf(deps: PaymentsDeps, formUrl: string, sessionId: string): CheckoutSession {
  const url = returnUrls(deps, formUrl).successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
  return { session_id: sessionId, url };
}

/** Best effort: a replaced checkout that cannot be closed is harmless, as money for it is refunded. */
async function expireQuietly(deps: PaymentsDeps, sessionId: string): Promise<void> {
  await deps.adapter.expireSession(sessionId).catch(() => undefined);
}

/** A new checkout for an appointment whose earlier one was left or closed; the appointment follows it. */
async function renewCheckout(
  deps: PaymentsDeps,
  earlier: SessionAppointment,
  practice: PracticeRow,
): Promise<CheckoutSession> {
  const { adapter, clock } = deps;
  const urls = returnUrls(deps, practice.form_url);
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
  const moved = await moveToSession(deps.db, {
    id: earlier.id,
    fromSessionId: earlier.payment_session_id,
    toSessionId: session.id,
    provider: adapter.provider,
    holdExpiresAt: new Date(expiresAt.getTime() + HOLD_GRACE_MS),
  });
  if (!moved) {
    await expireQuietly(deps, session.id);
    throw new AppError(409, 'CONFLICT', t.localized('changedElsewhere'));
  }
  return { session_id: session.id, url: session.url };
}

/**
 * The patient's own earlier checkout, for the same booking: paid (its success page), held and
 * open (the same checkout page), held but closed or booked unpaid (a new checkout for the same
 * appointment). Null when it holds nothing any more: the caller books afresh.
 */
async function resumeOrRenew(
  deps: PaymentsDeps,
  earlier: SessionAppointment,
  practice: PracticeRow,
): Promise<CheckoutSession | null> {
  const sessionId = earlier.payment_session_id;
  if (isBooked(earlier.status) && earlier.payment_status === 'paid')
    return successOf(deps, practice.form_url, sessionId);
  if (!canTakePayment(earlier, deps.clock.now())) return null;
  if (isHeld(earlier, deps.clock.now())) {
    const state = await deps.adapter.retrieveSession(sessionId).catch(() => null);
    if (state?.paymentStatus === 'paid') {
      await completeSession(deps, sessionId, `retrieve:${sessionId}:paid`, state);
      return successOf(deps, practice.form_url, sessionId);
    }
    if (state?.status === 'open' && state.url) return { session_id: sessionId, url: state.url };
    // Unknown or closed at the provider: closed for good, so a new checkout keeps the same hold.
    if (state?.status === 'open' || state === null) await expireQuietly(deps, sessionId);
  }
  return renewCheckout(deps, earlier, practice);
}

/** The earlier checkout this browser names, if it is one of this practice's; anything else is ignored. */
async function ownEarlierCheckout(
  deps: PaymentsDeps,
  sessionId: string | undefined,
  practiceId: string,
): Promise<SessionAppointment | null> {
  if (!sessionId) return null;
  const earlier = await findSessionAppointment(deps.db, sessionId);
  return earlier && earlier.practice_id === practiceId ? earlier : null;
}

/** `replacesSessionId`: the checkout this browser left (ADR 0024), parsed from the body by the route. */
export async function createSession(
  deps: PaymentsDeps,
  request: BookingRequest & { replacesSessionId?: string | undefined },
): Promise<CheckoutSession> {
  const { db, adapter, clock } = deps;
  const prepared = await prepareBooking(deps, request);
  const { practice, reason } = prepared;
  if (!reason.is_payment_enabled || reason.amount_cents <= 0) {
    throw AppError.badRequest(t.localized('notPaidOnline'), { rfv_id: t.localized('notPaidOnlineField') });
  }
  const earlier = await ownEarlierCheckout(deps, request.replacesSessionId, practice.id);
  if (earlier && isSameBooking(earlier, reason.id, prepared.body)) {
    const resumed = await resumeOrRenew(deps, earlier, practice);
    if (resumed) return resumed;
  }
  const urls = returnUrls(deps, practice.form_url);
  const expiresAt = new Date(clock.now().getTime() + SESSION_LIFETIME_MS);
  // The amount comes from the reason, never from the client (invariant 4). A changed booking
  // lets go of the patient's own earlier hold in the transaction that takes the new one, so the
  // patient never holds two times, and never loses the first if the second is taken.
  const { created, isReplaced } = await resendingOnAlreadyBooked(deps, () =>
    db.transaction(async (tx) => {
      const isReplaced = earlier ? await cancelReplacedHold(tx, earlier.id, clock.now()) : false;
      const created = await createAppointment(tx, deps, prepared, {
        status: 'pending_payment',
        holdExpiresAt: new Date(expiresAt.getTime() + HOLD_GRACE_MS),
        amountCents: reason.amount_cents,
      });
      return { created, isReplaced };
    }),
  );
  if (isReplaced) await expireQuietly(deps, earlier!.payment_session_id);
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
      await expireHold(tx, created.appointmentId, clock.now(), { isReleased: false });
    });
    if (error instanceof PaymentProviderError) throw paymentUnavailable();
    throw error;
  }
}

/** "Try the payment again": back to the open checkout, or a new one for the same held or unpaid appointment. */
export async function retrySession(
  deps: PaymentsDeps,
  sessionId: string,
  practiceId: string,
): Promise<CheckoutSession> {
  const earlier = await ownEarlierCheckout(deps, sessionId, practiceId);
  if (!earlier) throw AppError.notFound(NOT_FOUND_MESSAGE);
  const practice = await deps.practices.requirePractice(earlier.practice_id);
  const resumed = await resumeOrRenew(deps, earlier, practice);
  if (!resumed) throw new AppError(409, 'CONFLICT', t.localized('released'));
  return resumed;
}

/** True when the session's appointment can still be paid (the local checkout's Pay asks). */
export async function canPay(deps: PaymentsDeps, sessionId: string): Promise<boolean> {
  const appointment = await findSessionAppointment(deps.db, sessionId);
  return appointment !== null && canTakePayment(appointment, deps.clock.now());
}
