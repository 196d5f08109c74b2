import type { Instant } from '../time/zoned-time.ts';

// The input of generateSlots. Everything the engine needs is passed in (no clock, no env, no
// database), so the server, the Open Dental fallback and the tests all share one pure function.

export type ScheduleBreak = { start: string; end: string };

/** One working pattern of a provider in an operatory (practice-config `schedules`). */
export type SlotSchedule = {
  provNum: number;
  opNum: number;
  clinicNum: number | null;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  /** Practice-local wall clock, "HH:mm"; end may be "24:00". */
  start: string;
  end: string;
  breaks: readonly ScheduleBreak[];
};

/** Provider time off, practice-local "YYYY-MM-DDTHH:mm", end exclusive. */
export type ProviderTimeOff = { provNum: number; start: string; end: string };

/** An active appointment or payment hold: it blocks its provider and its operatory. */
export type BusyInterval = { provNum: number; opNum: number; start: Instant; end: Instant };

/**
 * Time staff blocked on the built-in schedule (ADR 0038). Each number that is set must match a
 * schedule for the block to take its time: a provider wherever they work, a chair whoever works in
 * it, and with neither, every schedule (of one clinic when clinicNum is set). Unlike busy time it
 * does not count as a provider's booked minutes in the earliest-available rule.
 */
export type BlockedTime = {
  provNum: number | null;
  opNum: number | null;
  clinicNum: number | null;
  start: Instant;
  end: Instant;
};

export type SlotQuery = {
  /** The practice's IANA zone (server_tz); every wall-clock value below is read in it. */
  timeZone: string;
  now: Instant;
  /** Practice-local dates "YYYY-MM-DD", inclusive; clipped to today … bookingHorizon(now). */
  startDate: string;
  endDate: string;
  /** The reason's final_duration; missing or 0 means 60 (spec section 9). */
  durationMinutes?: number;
  /** Spacing of offered start times (slot_interval_minutes). */
  intervalMinutes: number;
  /** min_hours_before_booking: slots starting before now + this are not offered. */
  minLeadHours: number;
  /** booking_horizon_months (ADR 0079): months after the current one that may be booked; absent: 11. */
  horizonMonths?: number;
  schedules: readonly SlotSchedule[];
  /** Practice-wide closed local dates "YYYY-MM-DD". */
  closures: readonly string[];
  timeOff: readonly ProviderTimeOff[];
  busy: readonly BusyInterval[];
  /** Blocked time; absent means none (Open Dental's blockouts arrive as busy time instead). */
  blocked?: readonly BlockedTime[];
  /** The reason's providers; empty means every provider. */
  allowedProvNums: readonly number[];
  /** Only schedules of this clinic; undefined or null means no clinic filter. */
  clinicNum?: number | null;
  /** A specific provider; 0 or undefined means earliest available. */
  provNum?: number;
};

export const DEFAULT_DURATION_MINUTES = 60;
