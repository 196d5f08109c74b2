import { z } from 'zod';
import { addDays, parseLocalDate } from './local-date.ts';

// Dates and times that arrive on the wire are checked here, as real calendar values inside a
// window around today, before any arithmetic: an impossible date (2026-02-30) or an extreme year
// (9999) is a 4xx that names the field, never a RangeError or a database overflow (issue 16).

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

/** "YYYY-MM-DD", a real calendar date within `dateWindow(today)`. */
export function windowedLocalDateField(name: string, today: string) {
  const { min, max } = dateWindow(today);
  return z
    .string({ message: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date in YYYY-MM-DD format` })
    .refine(isRealLocalDate, { message: `${name} must be a real calendar date` })
    .refine((date) => date >= min && date <= max, {
      message: `${name} must be between ${min} and ${max}`,
      abort: true,
    });
}

/** "HH:mm:ss" on a whole minute, 00:00:00 to 23:59:00: slots start and end on whole minutes. */
export function wholeMinuteTimeField(name: string) {
  return z
    .string({ message: `${name} is required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d:00$/, { message: `${name} must be a time in HH:mm:00 format` });
}
