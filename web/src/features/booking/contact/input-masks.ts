import { stripToInsuranceName, stripToName, stripToPhone } from '#domain/booking/booking-field-rules.ts';

/** Spec section 9: the 99/99/9999 mask; slashes are added as the digits come. */
export function maskUsDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * Names keep letters of any alphabet, spaces, hyphens and apostrophes; digits and other symbols
 * are stripped as typed, without leaving a double space (ADR 0030, beyond spec section 5's
 * letters and spaces).
 */
export const maskName = (text: string) => stripToName(text).slice(0, 100);

/** The insurance provider's name keeps its digits too (ADR 0030). */
export const maskInsuranceName = (text: string) => stripToInsuranceName(text).slice(0, 100);

/** Spec sections 5 and 9: phones keep digits and a plus sign (first character only), at most 20 characters. */
export const maskPhone = stripToPhone;

/** Subscriber ID and group number: letters, digits and dashes (IDs often carry a letter prefix), at most 50. */
export const maskId = (text: string) => text.replace(/[^\p{L}\d-]/gu, '').slice(0, 50);
