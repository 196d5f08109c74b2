import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import type { PracticeRow } from '../../features/practices/practices-repository.ts';

/** What the slots endpoint asks a practice-management system for. */
export interface AvailabilityRequest {
  practice: PracticeRow;
  now: Date;
  startDate: string;
  endDate: string;
  durationMinutes: number;
  /** The reason's providers; empty means every provider. */
  allowedProvNums: readonly number[];
  clinicNum?: number;
  /** 0 or undefined: earliest available. */
  provNum?: number;
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

/**
 * Availability from a practice-management system: the built-in schedule or Open Dental.
 * Implementations throw PmsUnavailableError when they cannot answer; they never turn a failure
 * into an empty list, which the patient would read as "no slots".
 */
export interface PmsAdapter {
  getAvailability(request: AvailabilityRequest): Promise<AvailabilityRecord[]>;
}
