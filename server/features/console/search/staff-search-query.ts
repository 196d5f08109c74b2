import { normaliseBookingReference } from '#domain/booking/booking-reference.ts';

/**
 * Accented letters and their plain ones, both cases, for comparing names the way people type them
 * ("jose" finds José, "MUNOZ" finds Muñoz). The SQL side folds with `translate` over the same two
 * strings: no extension (unaccent) needed on PGlite or PostgreSQL, and no reliance on lower()
 * knowing non-ASCII letters, which it does not under the C locale.
 */
export const FOLD_FROM = 'ÁÀÂÄÃÅĀáàâäãåāÉÈÊËĒéèêëēÍÌÎÏĪíìîïīÓÒÔÖÕØŌóòôöõøōÚÙÛÜŪúùûüūÑñÇçÝŸýÿ';
export const FOLD_TO = 'aaaaaaaaaaaaaaeeeeeeeeeeiiiiiiiiiioooooooooooooouuuuuuuuuunnccyyyy';

export function foldName(text: string): string {
  let folded = '';
  for (const character of text) {
    const at = FOLD_FROM.indexOf(character);
    folded += at >= 0 ? FOLD_TO[at] : character.toLowerCase();
  }
  return folded;
}

/** What the console's search box holds, read as one kind of query. */
export type SearchQuery =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; digits: string }
  | { kind: 'dob'; dob: string }
  | { kind: 'reference'; reference: string }
  | { kind: 'name_or_reference'; reference: string; terms: string[] }
  | { kind: 'name'; terms: string[] };

const PHONE_LIKE = /^[\d\s().+\-/]+$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A birth date as the front desk types it, `MM/DD/YYYY` or `YYYY-MM-DD`, as `YYYY-MM-DD`; null for anything else. */
export function readBirthDate(text: string): string | null {
  const us = US_DATE.exec(text);
  const iso = ISO_DATE.exec(text);
  const [year, month, day] = us ? [us[3]!, us[1]!, us[2]!] : iso ? [iso[1]!, iso[2]!, iso[3]!] : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  // 02/30/1990 is no day: Date rolls it over to March, which the round trip catches.
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : null;
}

/**
 * An `@` makes an e-mail; a date a birth date; digits with phone punctuation a phone (its digits compared with the
 * stored ones'); a word of the reference alphabet, seven long, a reference, which is also searched
 * as a name unless it holds a digit (FAYETTE is both); anything else a name, each word of which
 * must appear in the patient's first or last name.
 */
export function readSearchQuery(q: string): SearchQuery {
  const text = q.trim();
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() };
  const dob = readBirthDate(text);
  if (dob) return { kind: 'dob', dob };
  if (PHONE_LIKE.test(text) && /\d.*\d/.test(text)) return { kind: 'phone', digits: text.replace(/\D/g, '') };
  const terms = foldName(text).split(/\s+/).filter(Boolean);
  const reference = normaliseBookingReference(text);
  if (reference)
    return /\d/.test(reference) ? { kind: 'reference', reference } : { kind: 'name_or_reference', reference, terms };
  return { kind: 'name', terms };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
