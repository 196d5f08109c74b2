import { z } from 'zod';

/**
 * Field rules of spec section 5, shared by the page-5 form (browser) and the booking body
 * (server), so both sides accept and refuse exactly the same values with the same messages.
 */

export const DATE_MESSAGE = 'Please enter a valid date in MM/DD/YYYY format';
export const PHONE_MAX_LENGTH = 20;

/** Letters (any script) and whitespace: what name fields keep as the patient types. */
export const stripToLetters = (text: string) => text.replace(/[^\p{L}\s]/gu, '');
/** Digits only, for digits-only inputs. */
export const stripToDigits = (text: string) => text.replace(/\D/g, '');
/** Digits and a plus sign, for the phone input. */
export const stripToPhone = (text: string) => text.replace(/[^\d+]/g, '').slice(0, PHONE_MAX_LENGTH);

/** A required name: trimmed, letters and spaces only. */
export const nameField = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(100, { message: `${label} must be at most 100 characters` })
    .regex(/^[\p{L}\s]+$/u, { message: `${label} may contain only letters and spaces` });

/** "MM/DD/YYYY" → "YYYY-MM-DD", or null when it is not a real calendar date. */
export function usDateToIso(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return isRealIsoDate(iso) ? iso : null;
}

export function isoToUsDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

export function isRealIsoDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number(match[1]) >= 1900 && date.toISOString().slice(0, 10) === iso;
}

/** A birth date on the wire: a real "YYYY-MM-DD" strictly before `today` (the practice's date). */
export const isoBirthDateField = (today: string) =>
  z
    .string({ message: DATE_MESSAGE })
    .refine((iso) => isRealIsoDate(iso) && iso < today, { message: DATE_MESSAGE });

/** A birth date in the form: "MM/DD/YYYY", a real date strictly before `today`. */
export const usBirthDateField = (today: string) =>
  z.string({ message: DATE_MESSAGE }).refine((text) => {
    const iso = usDateToIso(text);
    return iso !== null && iso < today;
  }, { message: DATE_MESSAGE });

export const emailField = () =>
  z
    .string({ message: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'Email is required' })
    .max(254, { message: 'Please enter a valid email address' })
    .pipe(z.email({ message: 'Please enter a valid email address' }));

export const phoneField = () =>
  z
    .string({ message: 'Phone is required' })
    .trim()
    .min(1, { message: 'Phone is required' })
    .max(PHONE_MAX_LENGTH, { message: `Phone must be at most ${PHONE_MAX_LENGTH} characters` })
    .regex(/^\+?\d+$/, { message: 'Phone may contain only digits and a leading +' })
    .refine((phone) => stripToDigits(phone).length >= 7, { message: 'Please enter a valid phone number' });

/** Free text such as insurance names: trimmed, letters and spaces (other characters stripped as typed). */
export const lettersTextField = (label: string) => nameField(label);

/** Subscriber ID, group number: trimmed text of letters, digits and dashes. */
export const idTextField = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(50, { message: `${label} must be at most 50 characters` })
    .regex(/^[\p{L}\d\s-]+$/u, { message: `${label} may contain only letters, digits and dashes` });
