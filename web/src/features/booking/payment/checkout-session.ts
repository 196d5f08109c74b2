import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';

/**
 * The stored payment session (the spec's stripeSessionDetails, section 3): the session id, the
 * booking it pays for, and what the success page shows. Kept in session storage, like the
 * booking, because the patient leaves for the hosted checkout and comes back in the same tab.
 */

export const CHECKOUT_STORAGE_KEY = 'chairtime-checkout';
/** The id of a checkout whose start failed after an earlier one: still this browser's, so still replaceable. */
export const LEFT_CHECKOUT_STORAGE_KEY = 'chairtime-checkout-left';

export interface PaymentReceipt {
  /** The reason's price in dollars (the server charged it from the reason, never from us). */
  amount: number;
  reasonName: string;
  /** Practice-local "YYYY-MM-DD" and "hh:mm A", as page 4 showed them. */
  slot: { date: string; slotStart: string } | null;
  providerName: string;
}

export interface StoredCheckoutSession {
  sessionId: string;
  /** The practice's form URL segment and id: the success page needs the id for the status check. */
  formUrl: string;
  practiceId: string;
  /** The booking body sent to create-session; the success page sends it once more with payment_details. */
  body: BookingBodyInput;
  receipt: PaymentReceipt;
  /** Set once the success page has sent the booking with payment details (spec section 4: once). */
  isReturnSubmitted?: boolean;
}

export function loadCheckoutSession(): StoredCheckoutSession | null {
  try {
    const text = sessionStorage.getItem(CHECKOUT_STORAGE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<StoredCheckoutSession> | null;
    if (
      !value ||
      typeof value.sessionId !== 'string' ||
      typeof value.formUrl !== 'string' ||
      typeof value.practiceId !== 'string' ||
      !value.receipt ||
      !value.body
    )
      return null;
    return value as StoredCheckoutSession;
  } catch {
    return null;
  }
}

export function saveCheckoutSession(session: StoredCheckoutSession): void {
  try {
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or blocked: the success page then loads the practice itself and shows less.
  }
}

export function clearCheckoutSession(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
    sessionStorage.removeItem(LEFT_CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}

/**
 * The checkout this browser started last and may have left (browser Back): its id is the only
 * proof the server accepts that the hold is this patient's own (ADR 0024).
 */
export function earlierCheckoutId(): string | null {
  try {
    return loadCheckoutSession()?.sessionId ?? sessionStorage.getItem(LEFT_CHECKOUT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Keeps only the id of a checkout whose details were cleared (spec section 4 clears the stored session
 * on a payment error).
 */
export function rememberLeftCheckout(sessionId: string): void {
  try {
    sessionStorage.setItem(LEFT_CHECKOUT_STORAGE_KEY, sessionId);
  } catch {
    // Storage blocked: the next attempt cannot prove the earlier hold is its own, which only costs time.
  }
}
