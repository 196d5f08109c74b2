import type { OdAppointment } from './opendental-schemas.ts';

/**
 * Open Dental's change stamps (ADR 0071): `DateTStamp` on a row, `serverDateTime` on an answer, both
 * "yyyy-MM-dd HH:mm:ss" on the office's wall clock with whole seconds and no zone. They are compared as text
 * (the format sorts) and never against our own clock.
 */

/** A row as the mirror keeps it: without the answer's serverDateTime, which changes on every read. */
export function stored(appointment: OdAppointment): OdAppointment {
  const { serverDateTime: _ignored, ...row } = appointment as OdAppointment & { serverDateTime?: unknown };
  return row as OdAppointment;
}

/** The earliest serverDateTime of an answer: the next poll asks from there (a row changed while paging is not lost). */
export function oldestServerTime(rows: readonly OdAppointment[]): string | null {
  let oldest: string | null = null;
  for (const row of rows) {
    const time = (row as { serverDateTime?: unknown }).serverDateTime;
    if (typeof time === 'string') oldest = minStamp(oldest, time);
  }
  return oldest;
}

/**
 * An Open Dental stamp ("yyyy-MM-dd HH:mm:ss", the office's wall clock, no zone) `seconds` earlier; a stamp it
 * cannot read is kept as it is.
 */
export function stampBefore(stamp: string, seconds: number): string {
  const ms = Date.parse(`${stamp.trim().replace(' ', 'T')}Z`);
  if (Number.isNaN(ms)) return stamp;
  return new Date(ms - seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export function minStamp(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}
