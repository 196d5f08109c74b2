import { SOMETHING_WENT_WRONG, showErrorToast } from '../../lib/toast.ts';

export interface CheckoutRequest {
  practiceId: string;
  reasonForVisitId: string;
}

/**
 * Hands a paid booking ('Pay & Schedule') over to the card payment provider's hosted checkout.
 * Card payment is not connected in this build, so the hand-over fails the way a failed payment
 * session does (spec section 8: an error toast) and nothing is booked.
 */
export async function startCheckout(_request: CheckoutRequest): Promise<void> {
  showErrorToast(SOMETHING_WENT_WRONG);
}
