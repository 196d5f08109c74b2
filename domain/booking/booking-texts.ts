/**
 * Sentences a patient reads from the booking page and, for the same rule, from the server's
 * refusal: one home, so the two never drift apart (and, with the Spanish issue, one message each).
 */

/** Spec section 1: the whole flow when the practice takes no bookings. */
export const NOT_ACCEPTING_MESSAGE = 'This practice is currently not accepting any appointments.';

/** Spec section 5: the slot step's required message. */
export const SLOT_REQUIRED_MESSAGE = 'Please select a slot if you wish.';
