import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';

/**
 * What an adapter needs to know of the practice: the practice feature's row satisfies it, and the
 * adapter layer does not import the feature (adapters get what they need passed in).
 */
export interface PmsPractice {
  id: string;
  server_tz: string;
  slot_interval_minutes: number;
  min_hours_before_booking: number;
  /** Months after the current one that may be booked, 1 to 11 (ADR 0079). */
  booking_horizon_months: number;
  pms: { type: 'builtin' } | { type: 'opendental'; customer_key: string };
}

/** What the slots endpoint asks a practice-management system for. */
export interface AvailabilityRequest {
  practice: PmsPractice;
  now: Date;
  /** The wall clock of the clinic asked for (ADR 0061): dates, schedules and slot times are read in it. */
  timeZone: string;
  startDate: string;
  endDate: string;
  durationMinutes: number;
  /** The reason's providers; empty means every provider. */
  allowedProvNums: readonly number[];
  clinicNum?: number;
  /** 0 or undefined: earliest available. */
  provNum?: number;
  /**
   * A booking being moved (ADR 0036): its own time counts as free, so it can move by half an hour
   * onto an overlapping time. `pmsAptNum` is its appointment in the practice's system, once written.
   */
  ignore?: { appointmentId: string; pmsAptNum: number | null };
}

/**
 * The office's system could not answer. `connector_down` and `version` are the two cases the
 * booking page recognises (spec section 8) and lets the patient proceed without a slot.
 */
export class PmsUnavailableError extends Error {
  constructor(
    readonly reason: 'connector_down' | 'version' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

/** What a practice-management system answers for a slot list. */
export interface AvailabilityAnswer {
  records: AvailabilityRecord[];
  /**
   * Since when the answer is older than the practice allows, because the office could not be reached (an Open
   * Dental mirror, ADR 0071); null while it is current. Read with the records, in the same round trip.
   */
  staleSince: Date | null;
}

/**
 * Availability from a practice-management system: the built-in schedule or Open Dental.
 * Implementations throw PmsUnavailableError when they cannot answer; they never turn a failure
 * into an empty list, which the patient would read as "no slots".
 */
export interface PmsAdapter {
  getAvailability(request: AvailabilityRequest): Promise<AvailabilityAnswer>;
}
