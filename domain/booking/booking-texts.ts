/**
 * Sentences a patient reads from the booking page and, for the same rule, from the server's
 * refusal: one home, so the two never drift apart (and, with the Spanish issue, one message each).
 */

/** Spec section 1: the whole flow when the practice takes no bookings. */
export const NOT_ACCEPTING_MESSAGE = 'This practice is currently not accepting any appointments.';

/** Spec section 5: the slot step's required message. */
export const SLOT_REQUIRED_MESSAGE = 'Please select a slot if you wish.';

/** Where the patient ticked the consent box: page 5, or page 6 when the practice verifies patients. */
export type ConsentPlace = 'booking_form' | 'verification_step';

/**
 * The consent box's words (spec sections 2 and 3: page 5 has no full stop, page 6 has one). The
 * server records them with the booking's consent, so they must be the words the page showed.
 */
export function consentWords(place: ConsentPlace, practiceName: string): string {
  const words = `I agree to receive text and email from ${practiceName}`;
  return place === 'verification_step' ? `${words}.` : words;
}
