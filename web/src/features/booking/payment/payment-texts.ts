import { PRODUCT_NAME } from '#domain/product.ts';

/** The payment pages' texts (spec section 2, and what the spec leaves to us: ADR 0024). */
export const PAYMENT_SUCCESS_TITLE = 'Payment Successful';
export const PAYMENT_SUCCESS_MESSAGE = 'Your payment was successful and your appointment is confirmed.';
export const PAYMENT_FAILED_TITLE = 'Payment Failed';
export const PAYMENT_FAILED_MESSAGE = 'Your appointment is booked but the payment is not completed.';
export const PAYMENT_STATUS_TITLE = 'Payment status';
export const PAYMENT_CHECKING_MESSAGE = 'Checking your payment…';
export const PAYMENT_UNKNOWN_MESSAGE = 'We could not check the status of this payment.';
export const BACK_TO_FORM_LABEL = 'Back to the booking form';
export const RETRY_PAYMENT_LABEL = 'Try the payment again';
export const PAY_LATER_MESSAGE = 'You can pay now, or at your visit.';
export const RELEASED_MESSAGE = 'Your appointment is not booked: the payment was not completed and the time we held for you has been released.';
export const CHOOSE_AGAIN_MESSAGE = 'Please choose a time again.';

/** "Payment Failed - Bright Smile Dental - Chairtime": the tab names the practice. */
export function paymentDocumentTitle(pageTitle: string, practiceName: string): string {
  return `${pageTitle} - ${practiceName} - ${PRODUCT_NAME}`;
}

/** While held: "Your time is still held for you until 3:41 PM EST (about 40 minutes). The payment is not completed yet." */
export function heldMessage(until: string, minutesLeft: number): string {
  const minutes = minutesLeft <= 1 ? 'about a minute' : `about ${minutesLeft} minutes`;
  return `Your time is still held for you until ${until} (${minutes}). The payment is not completed yet.`;
}

export function callPracticeMessage(practiceName: string): string {
  return `Questions? Call ${practiceName} at`;
}
