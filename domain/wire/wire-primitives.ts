import { z } from 'zod';
import { dateWindow, isRealLocalDate } from '../time/calendar-fields.ts';

/**
 * The wire's dates, times and numbers, one field builder each, for every schema that takes one
 * (patient, staff and operator alike; ADR 0041). Each bounds its value to what the code after it
 * can compute and the database can store, so an impossible time, an extreme year or a number past
 * int32 is a 4xx naming the field, never a RangeError, a PostgreSQL overflow or an invalid
 * timestamp (a 500). Messages start with the field's name, so the error's text names it too.
 */

/** The first and last practice day any route accepts: years 1900 to 2199. */
export const FIRST_PRACTICE_DAY = '1900-01-01';
export const LAST_PRACTICE_DAY = '2199-12-31';
/** PostgreSQL's `integer`, the type of every PMS number column. */
export const INT32_MAX = 2_147_483_647;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** "YYYY-MM-DD": a real calendar day from FIRST_PRACTICE_DAY to LAST_PRACTICE_DAY. */
export function practiceDayField(name: string) {
  return z
    .string({ message: `${name} must be a date (YYYY-MM-DD)` })
    .regex(DAY_PATTERN, { message: `${name} must be a date (YYYY-MM-DD)` })
    .refine((day) => day >= FIRST_PRACTICE_DAY && day <= LAST_PRACTICE_DAY, {
      message: `${name} must be between ${FIRST_PRACTICE_DAY} and ${LAST_PRACTICE_DAY}`,
    })
    .refine(isRealLocalDate, { message: `${name} must be a real calendar date` });
}

/** A practice day within `dateWindow(today)`: a booking's or a slot list's, near today. */
export function windowedPracticeDayField(name: string, today: string) {
  const { min, max } = dateWindow(today);
  return practiceDayField(name).refine((day) => day >= min && day <= max, {
    message: `${name} must be between ${min} and ${max}`,
    abort: true,
  });
}

const WALL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;

/**
 * A time on the practice's wall clock, "HH:mm" or "HH:mm:ss" with seconds 00 (slots start on whole
 * minutes), 00:00 to 23:59; read as "HH:mm:00" whichever was sent.
 */
export function wallTimeField(name: string) {
  return z
    .string({ message: `${name} must be a time (HH:mm or HH:mm:00)` })
    .regex(WALL_TIME_PATTERN, { message: `${name} must be a time from 00:00 to 23:59 (HH:mm or HH:mm:00)` })
    .transform((time) => `${time.slice(0, 5)}:00`);
}

/** A PMS number (provider, chair, clinic) in a JSON body: a whole number from `min` to int32's largest. */
export function pmsNumberField(name: string, options: { min?: 0 | 1 } = {}) {
  const min = options.min ?? 0;
  return z
    .number({ message: `${name} must be a whole number` })
    .int({ message: `${name} must be a whole number` })
    .min(min, { message: `${name} must be at least ${min}` })
    .max(INT32_MAX, { message: `${name} must be at most ${INT32_MAX}` });
}

/** The same in a query string: digits only (no sign, exponent or spaces), then the same bounds. */
export function pmsNumberQueryField(name: string, options: { min?: 0 | 1 } = {}) {
  return z
    .string({ message: `${name} must be a whole number` })
    .regex(/^\d{1,10}$/, { message: `${name} must be a whole number` })
    .transform(Number)
    .pipe(pmsNumberField(name, options));
}

const FIRST_INSTANT = Date.parse(`${FIRST_PRACTICE_DAY}T00:00:00Z`);
const LAST_INSTANT = Date.parse(`${LAST_PRACTICE_DAY}T23:59:59.999Z`);

/** An ISO 8601 instant with Z or an offset (zod refuses 02-31 and 24:00), within the practice days' years. */
export function instantField(name: string) {
  return z.iso
    .datetime({ offset: true, message: `${name} must be an ISO 8601 instant ending in Z or an offset` })
    .refine(
      (value) => {
        const at = Date.parse(value);
        return at >= FIRST_INSTANT && at <= LAST_INSTANT;
      },
      { message: `${name} must be an instant between ${FIRST_PRACTICE_DAY} and ${LAST_PRACTICE_DAY}` },
    );
}
