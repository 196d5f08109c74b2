/** A hosted checkout for one held appointment (Stripe Checkout, or the local test checkout). */
export interface CheckoutRequest {
  appointmentId: string;
  amountCents: number;
  currency: 'usd';
  /** The line item, e.g. "Teeth Whitening Consultation at Bright Smile Dental". */
  description: string;
  /** Must contain `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  /** May contain `{CHECKOUT_SESSION_ID}` too; the payment-failed page also finds the id in the browser's storage. */
  cancelUrl: string;
  expiresAt: Date;
  /**
   * The provider's idempotency key; default one per appointment. A new checkout for the same appointment needs its own.
   */
  idempotencyKey?: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** What the provider says about a session now (asked when a webhook has not arrived yet). */
export interface SessionState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountCents: number | null;
  appointmentId: string | null;
  paymentIntentId: string | null;
  /** The hosted checkout's address while the session is open, so a patient can go back to it. */
  url: string | null;
}

export interface PaymentAdapter {
  readonly provider: 'stripe' | 'local';
  /** Shown to the browser (spec: publishable_key); null for the local checkout. */
  readonly publishableKey: string | null;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /** Closes an open session so it can no longer be paid (Stripe's `checkout.sessions.expire`). */
  expireSession(sessionId: string): Promise<void>;
  /** Returns the money of a completed session in full. */
  refund(session: { id: string; paymentIntentId: string | null }): Promise<void>;
}

/** The provider could not be reached or refused: the patient gets a clear error, nothing is held. */
export class PaymentProviderError extends Error {}
