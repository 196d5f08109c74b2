/**
 * The booking reference patients read over the phone: 7 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). The database draws it (migration 0013), unique per
 * practice; this is how people may type it back.
 */
export const REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{7}$`);

/** A reference as a person types it: any case, spaces and dashes ignored. Null when it cannot be one. */
export function normaliseBookingReference(input: string): string | null {
  const text = input.toUpperCase().replace(/[\s-]/g, '');
  return REFERENCE_PATTERN.test(text) ? text : null;
}
