import { en } from './booking-texts.messages.ts';

/**
 * What the patient reads when the chosen time cannot be booked although nobody else took it
 * (422 SLOT_UNAVAILABLE: in the past, inside the lead time, outside hours, a closure, past the
 * horizon, a time the clock change skips, a provider not offered): the server's message and the
 * slot page's notice. Its key in booking-texts.messages.ts, and its English.
 */
export const SLOT_UNAVAILABLE: keyof typeof en = 'slotUnavailable';
export const SLOT_UNAVAILABLE_MESSAGE = en[SLOT_UNAVAILABLE];
