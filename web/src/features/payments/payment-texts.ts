/** The payment pages' texts (spec section 2). */
export const PAYMENT_SUCCESS_TITLE = 'Payment Successful';
export const PAYMENT_SUCCESS_MESSAGE = 'Your payment was successful and your appointment is confirmed.';
export const PAYMENT_FAILED_TITLE = 'Payment Failed';
export const PAYMENT_FAILED_MESSAGE = 'Your appointment is booked but the payment is not completed.';
export const PAYMENT_STATUS_TITLE = 'Payment status';
export const PAYMENT_CHECKING_MESSAGE = 'Checking your payment…';
export const PAYMENT_UNKNOWN_MESSAGE = 'We could not check the status of this payment.';
export const BACK_TO_FORM_LABEL = 'Back to the booking form';
