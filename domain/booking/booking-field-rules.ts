import { z } from 'zod';

/**
 * Field rules of spec section 5, shared by the page-5 form (browser) and the booking body
 * (server), so both sides accept and refuse exactly the same values with the same messages.
 */

export const DATE_MESSAGE = 'Please enter a valid date in MM/DD/YYYY format';
export const PHONE_MAX_LENGTH = 20;

/** Runs of spaces (tabs, line breaks) as one space: a stripped character never leaves a double space. */
export const collapseSpaces = (text: string) => text.replace(/\s+/gu, ' ');

// ADR 0030: names as people write them. Letters of any alphabet with their accents (also when
// typed as combining marks), spaces, hyphens and apostrophes (typewriter and typographic).
const NAME_CHARACTERS = String.raw`\p{L}\p{M}\s'’\-‐`;
// Insurance names are company and plan names: their digits, '&' and '.' stay too.
const INSURANCE_NAME_CHARACTERS = String.raw`${NAME_CHARACTERS}\d&.`;
const strip = (allowed: string) => {
  const other = new RegExp(`[^${allowed}]`, 'gu');
  return (text: string) => collapseSpaces(text.replace(other, ''));
};

/** What name fields keep as the patient types: O'Neil, Smith-Jones, Zoë, José, 王秀英. */
export const stripToName = strip(NAME_CHARACTERS);
/** What the insurance provider name keeps as the patient types: a name's characters, digits, '&' and '.'. */
export const stripToInsuranceName = strip(INSURANCE_NAME_CHARACTERS);
/** Digits only, for digits-only inputs. */
export const stripToDigits = (text: string) => text.replace(/\D/g, '');
/** Digits and a plus sign as the first character only, as typed (like every other mask), for the phone input. */
export const stripToPhone = (text: string) => {
  const kept = text.replace(/[^\d+]/g, '');
  return (kept.startsWith('+') ? `+${stripToDigits(kept)}` : stripToDigits(kept)).slice(0, PHONE_MAX_LENGTH);
};

const textField = (label: string, allowed: string, rule: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .overwrite(collapseSpaces)
    .min(1, { message: `${label} is required` })
    .max(100, { message: `${label} must be at most 100 characters` })
    .regex(new RegExp(`^[${allowed}]+$`, 'u'), { message: `${label} may contain only ${rule}` })
    .regex(/\p{L}/u, { message: `${label} must contain a letter` });

/** A required name (ADR 0030): trimmed, spaces collapsed; letters of any alphabet, spaces, hyphens and apostrophes. */
export const nameField = (label: string) => textField(label, NAME_CHARACTERS, 'letters, spaces, hyphens and apostrophes');

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

/** An insurance company or plan name (ADR 0030): a name's characters, plus digits, '&' and '.'. */
export const insuranceNameField = (label: string) =>
  textField(label, INSURANCE_NAME_CHARACTERS, "letters, digits, spaces, hyphens, apostrophes, '&' and '.'");

/** Subscriber ID, group number: trimmed text of letters, digits and dashes. */
export const idTextField = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(50, { message: `${label} must be at most 50 characters` })
    .regex(/^[\p{L}\d\s-]+$/u, { message: `${label} may contain only letters, digits and dashes` })
    .transform(collapseSpaces);
