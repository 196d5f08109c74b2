import { z } from 'zod';

/**
 * One spelling per contact, so a code sent to "(512) 555-0123" is found again for "+15125550123"
 * and a verification token matches the booking's e-mail or phone however either was typed.
 */

export type VerificationType = 'email' | 'text';

const EMAIL_MAX_LENGTH = 254;
const emailSchema = z.email();

/** Trimmed and lower-cased, or null when it is not an e-mail address. */
export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return null;
  return emailSchema.safeParse(email).success ? email : null;
}

/**
 * E.164 ("+15125550123"), or null when the number cannot be valid. Spaces, dots, dashes and
 * brackets are ignored. A number without "+" is North American (spec section 7 prepends "+1"),
 * and 11 digits starting with 1 are read as "+1" too. North American numbers need 10 digits with
 * an area code and exchange that do not start with 0 or 1; other countries 8 to 15 digits.
 */
export function normalisePhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  if (!compact.startsWith('+')) digits = digits.length === 11 && digits.startsWith('1') ? digits : `1${digits}`;
  if (digits.startsWith('1')) return /^1[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? `+${digits}` : null;
  return /^[2-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

export function normaliseRecipient(type: VerificationType, raw: string): string | null {
  return type === 'email' ? normaliseEmail(raw) : normalisePhone(raw);
}
