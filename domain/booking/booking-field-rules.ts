import { z } from 'zod';
import type { en as validationMessages } from '../i18n/validation.messages.ts';

/**
 * Field rules of spec section 5, shared by the page-5 form (browser) and the booking body
 * (server), so both sides accept and refuse exactly the same values with the same messages.
 */

/**
 * Issue messages are keys of the validation catalogue (domain/i18n/validation.messages.ts), which
 * the web and the server translate into the patient's language (ADR 0034).
 */
export type ValidationKey = keyof typeof validationMessages;

export const DATE_MESSAGE: ValidationKey = 'dateInvalid';
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

/** The messages of a text field built from a label: one catalogue key per rule. */
export interface TextFieldMessages {
  required: ValidationKey;
  tooLong: ValidationKey;
  characters: ValidationKey;
  letter: ValidationKey;
}

/** The messages of an ID field (Subscriber ID, group number). */
export type IdFieldMessages = Omit<TextFieldMessages, 'letter'>;

/** The patient-facing text fields and their messages' keys (English: "First name is required", …). */
export const FIELD_MESSAGES = {
  firstName: {
    required: 'firstNameRequired',
    tooLong: 'firstNameTooLong',
    characters: 'firstNameCharacters',
    letter: 'firstNameLetter',
  },
  lastName: {
    required: 'lastNameRequired',
    tooLong: 'lastNameTooLong',
    characters: 'lastNameCharacters',
    letter: 'lastNameLetter',
  },
  /** The page-5 form's companion fields ('Your First Name'). */
  yourFirstName: {
    required: 'yourFirstNameRequired',
    tooLong: 'yourFirstNameTooLong',
    characters: 'yourFirstNameCharacters',
    letter: 'yourFirstNameLetter',
  },
  yourLastName: {
    required: 'yourLastNameRequired',
    tooLong: 'yourLastNameTooLong',
    characters: 'yourLastNameCharacters',
    letter: 'yourLastNameLetter',
  },
  /** The wire body's booker fields ('Your first name'). */
  bookerFirstName: {
    required: 'bookerFirstNameRequired',
    tooLong: 'bookerFirstNameTooLong',
    characters: 'bookerFirstNameCharacters',
    letter: 'bookerFirstNameLetter',
  },
  bookerLastName: {
    required: 'bookerLastNameRequired',
    tooLong: 'bookerLastNameTooLong',
    characters: 'bookerLastNameCharacters',
    letter: 'bookerLastNameLetter',
  },
  subscriberFullName: {
    required: 'subscriberFullNameRequired',
    tooLong: 'subscriberFullNameTooLong',
    characters: 'subscriberFullNameCharacters',
    letter: 'subscriberFullNameLetter',
  },
  insuranceProvider: {
    required: 'insuranceProviderRequired',
    tooLong: 'insuranceProviderTooLong',
    characters: 'insuranceProviderCharacters',
    letter: 'insuranceProviderLetter',
  },
} as const satisfies Record<string, TextFieldMessages>;

export const ID_FIELD_MESSAGES = {
  subscriberId: {
    required: 'subscriberIdRequired',
    tooLong: 'subscriberIdTooLong',
    characters: 'subscriberIdCharacters',
  },
  groupNumber: { required: 'groupNumberRequired', tooLong: 'groupNumberTooLong', characters: 'groupNumberCharacters' },
} as const satisfies Record<string, IdFieldMessages>;

/**
 * A field given by a plain label (staff-facing schemas, e.g. domain/patients) keeps English
 * messages; patient-facing fields pass their catalogue keys.
 */
const labelled = (
  field: string | TextFieldMessages,
  rule: string,
): TextFieldMessages | Record<keyof TextFieldMessages, string> =>
  typeof field === 'string'
    ? {
        required: `${field} is required`,
        tooLong: `${field} must be at most 100 characters`,
        characters: `${field} may contain only ${rule}`,
        letter: `${field} must contain a letter`,
      }
    : field;

const textField = (field: string | TextFieldMessages, allowed: string, rule: string) => {
  const messages = labelled(field, rule);
  return z
    .string({ message: messages.required })
    .trim()
    .overwrite(collapseSpaces)
    .min(1, { message: messages.required })
    .max(100, { message: messages.tooLong })
    .regex(new RegExp(`^[${allowed}]+$`, 'u'), { message: messages.characters })
    .regex(/\p{L}/u, { message: messages.letter });
};

/** A required name (ADR 0030): trimmed, spaces collapsed; letters of any alphabet, spaces, hyphens and apostrophes. */
export const nameField = (field: string | TextFieldMessages) =>
  textField(field, NAME_CHARACTERS, 'letters, spaces, hyphens and apostrophes');

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
  z.string({ message: DATE_MESSAGE }).refine((iso) => isRealIsoDate(iso) && iso < today, { message: DATE_MESSAGE });

/** A birth date in the form: "MM/DD/YYYY", a real date strictly before `today`. */
export const usBirthDateField = (today: string) =>
  z.string({ message: DATE_MESSAGE }).refine(
    (text) => {
      const iso = usDateToIso(text);
      return iso !== null && iso < today;
    },
    { message: DATE_MESSAGE },
  );

/** A catalogue key, checked by the compiler. */
export const key = (k: ValidationKey): ValidationKey => k;

export const emailField = () =>
  z
    .string({ message: key('emailRequired') })
    .trim()
    .toLowerCase()
    .min(1, { message: key('emailRequired') })
    .max(254, { message: key('emailInvalid') })
    .pipe(z.email({ message: key('emailInvalid') }));

export const phoneField = () =>
  z
    .string({ message: key('phoneRequired') })
    .trim()
    .min(1, { message: key('phoneRequired') })
    // The catalogue's text names the limit (20): keep the two in step.
    .max(PHONE_MAX_LENGTH, { message: key('phoneTooLong') })
    .regex(/^\+?\d+$/, { message: key('phoneCharacters') })
    .refine((phone) => stripToDigits(phone).length >= 7, { message: key('phoneInvalid') });

/** An insurance company or plan name (ADR 0030): a name's characters, plus digits, '&' and '.'. */
export const insuranceNameField = (field: string | TextFieldMessages) =>
  textField(field, INSURANCE_NAME_CHARACTERS, "letters, digits, spaces, hyphens, apostrophes, '&' and '.'");

/** Subscriber ID, group number: trimmed text of letters, digits and dashes. */
export const idTextField = (messages: IdFieldMessages) =>
  z
    .string({ message: messages.required })
    .trim()
    .min(1, { message: messages.required })
    .max(50, { message: messages.tooLong })
    .regex(/^[\p{L}\d\s-]+$/u, { message: messages.characters })
    .transform(collapseSpaces);
