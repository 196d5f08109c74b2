/** A hosted checkout for one held appointment (Stripe Checkout, or the local test checkout). */
export interface CheckoutRequest {
  appointmentId: string;
  amountCents: number;
  currency: 'usd';
  /** The line item, e.g. "Teeth Whitening Consultation at Bright Smile Dental". */
  description: string;
  /** Must contain `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
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
}

export interface PaymentAdapter {
  readonly provider: 'stripe' | 'local';
  /** Shown to the browser (spec: publishable_key); null for the local checkout. */
  readonly publishableKey: string | null;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /** Returns the money of a completed session in full. */
  refund(session: { id: string; paymentIntentId: string | null }): Promise<void>;
}

/** The provider could not be reached or refused: the patient gets a clear error, nothing is held. */
export class PaymentProviderError extends Error {}
