import { addDays, parseLocalDate } from './local-date.ts';

// Calendar checks of wire dates; the zod fields built on them are in domain/wire/wire-primitives.ts
// (ADR 0041), so an impossible date (2026-02-30) or an extreme year (9999) is a 4xx that names the
// field, never a RangeError or a database overflow.

/** How far from today a booking or slots date may lie: wider than the booking horizon (11 months
 * after the current month), so that every refusal inside it is a business answer, not a format one. */
export const DATE_WINDOW_DAYS_BEFORE = 366;
export const DATE_WINDOW_DAYS_AFTER = 2 * 366;

export function isRealLocalDate(date: string): boolean {
  try {
    parseLocalDate(date);
    return true;
  } catch {
    return false;
  }
}

/** The first and last date a wire date may name, given the practice's (or UTC's) today. */
export function dateWindow(today: string): { min: string; max: string } {
  return { min: addDays(today, -DATE_WINDOW_DAYS_BEFORE), max: addDays(today, DATE_WINDOW_DAYS_AFTER) };
}
