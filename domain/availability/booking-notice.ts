import { MS_PER_HOUR } from '../time/local-date.ts';

/**
 * The practice's minimum notice (`min_hours_before_booking`), in one place for the slot engine, the browser's slot
 * list and the server's refusal: the earliest start a patient may book. A negative notice would offer the past;
 * nothing before "now" is ever bookable.
 */
export function earliestBookableStart(nowMs: number, minLeadHours: number): number {
  return nowMs + Math.max(0, minLeadHours) * MS_PER_HOUR;
}

/** The notice is for patients: staff book or move to any free time not yet past (ADR 0038). */
export function noticeFor<P extends { min_hours_before_booking: number }>(practice: P, by: 'patient' | 'staff'): P {
  return by === 'staff' ? { ...practice, min_hours_before_booking: 0 } : practice;
}
