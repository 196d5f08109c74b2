import { en } from './booking-texts.messages.ts';

/**
 * Sentences a patient reads from the booking page and, for the same rule, from the server's
 * refusal: one home, booking-texts.messages.ts, with one message per language (ADR 0034). The keys
 * are for translating; the English constants are what the server says until it translates them.
 * (Server-side only at run time: the browser gets the catalogue compiled, through `useMessages`.)
 */
export type BookingTextKey = keyof typeof en;

/** Spec section 1: the whole flow when the practice takes no bookings. */
export const NOT_ACCEPTING: BookingTextKey = 'notAccepting';
export const NOT_ACCEPTING_MESSAGE = en[NOT_ACCEPTING];

/** Spec section 5: the slot step's required message. */
export const SLOT_REQUIRED: BookingTextKey = 'slotRequired';
export const SLOT_REQUIRED_MESSAGE = en[SLOT_REQUIRED];

/** Where the patient ticked the consent box: page 5, or page 6 when the practice verifies patients. */
export type ConsentPlace = 'booking_form' | 'verification_step';

/** The consent box's words' key (spec sections 2 and 3: page 5 has no full stop, page 6 has one). */
export const CONSENT_WORDS: Record<ConsentPlace, BookingTextKey> = {
  booking_form: 'consentBookingForm',
  verification_step: 'consentVerificationStep',
};

/**
 * The consent box's words in English. The server records them with the booking's consent, so they
 * must be the words the page showed (in the patient's language once the server translates the key).
 */
export function consentWords(place: ConsentPlace, practiceName: string): string {
  return en[CONSENT_WORDS[place]].replace('{practice}', practiceName);
}
