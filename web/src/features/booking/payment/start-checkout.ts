import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { solveBotChallenge } from '../api/bot-challenge.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { providerSummaryName } from '../state/reason-rules.ts';
import {
  clearCheckoutSession,
  earlierCheckoutId,
  rememberLeftCheckout,
  saveCheckoutSession,
  type PaymentReceipt,
} from './checkout-session.ts';
import { paymentReturnUrls } from './payment-return-urls.ts';
import { createCheckoutSession } from './payments-api.ts';
import { funnelEvent } from '../tracking/funnel-beacon.ts';

export interface CheckoutRequest {
  /** The booking body, exactly as `POST appointment` would take it. */
  body: BookingBodyInput;
  /** The proof from verify-otp (page 6), or null when the practice does not verify patients. */
  verificationToken: string | null;
}

/**
 * Spec section 4: a paid booking ('Pay & Schedule' on page 5, 'Verify & Pay' on page 6) creates
 * a payment session (the server holds the slot meanwhile), saves the booking and the session,
 * and sends the browser to the hosted checkout. A checkout this browser started before (the
 * patient came back from it) is named, so the server resumes or replaces that hold instead of
 * taking it for somebody else's (ADR 0024). On failure the stored session is cleared, keeping
 * only that id, and the error is thrown for the caller to show (a toast, or the slot page after a 409).
 */
export async function startCheckout(
  { body, verificationToken }: CheckoutRequest,
  redirect: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const earlierId = earlierCheckoutId();
  let url: string;
  try {
    const { formUrl, success_url, cancel_url } = paymentReturnUrls(window.location);
    const botChallenge = await solveBotChallenge();
    const extras = earlierId ? { replaces_session_id: earlierId } : {};
    const session = await createCheckoutSession({
      body: { ...body, success_url, cancel_url, ...extras },
      botChallenge,
      verificationToken,
    });
    clearCheckoutSession();
    saveCheckoutSession({
      sessionId: session.session_id,
      formUrl,
      practiceId: body.practice_id,
      body,
      receipt: currentReceipt(),
    });
    url = session.url;
  } catch (error) {
    clearCheckoutSession();
    // The earlier hold stands when the new one failed (one transaction), so it stays replaceable.
    if (earlierId) rememberLeftCheckout(earlierId);
    throw error;
  }
  // Sent as the page goes (pagehide), with the step's other events (ADR 0080).
  funnelEvent('checkout_started');
  try {
    redirect(url);
  } catch (error) {
    // Spec section 8: a failed redirect to the hosted checkout is only logged.
    console.error('The redirect to the hosted checkout failed', error);
  }
}

/** What the success page shows, taken from the booking before the patient leaves. */
function currentReceipt(): PaymentReceipt {
  const details = useBookingStore.getState().patientFormDetails;
  const slot = details.bookingSlotDetails;
  return {
    amount: details.reasonForVisit?.amount ?? 0,
    reasonName: details.reasonForVisit?.name ?? '',
    slot: slot ? { date: slot.date, slotStart: slot.slotStart } : null,
    providerName: providerSummaryName(details.providerDetails),
  };
}
