import { z } from 'zod';

// The availability record of spec section 3, named and shaped as Open Dental returns it, so the
// built-in engine and the Open Dental adapter produce the same wire list for GET appointment/slots.

/** Practice-local wall time, "YYYY-MM-DD HH:mm:ss" (no zone: the practice's server_tz applies). */
const LocalDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be a local date-time "YYYY-MM-DD HH:mm:ss"');

export const AvailabilityRecordSchema = z.object({
  DateTimeStart: LocalDateTimeSchema,
  DateTimeEnd: LocalDateTimeSchema,
  ProvNum: z.number().int().positive(),
  // Open Dental operatory numbers are positive; 0 is tolerated as "no operatory" (the booking body's default).
  OpNum: z.number().int().nonnegative(),
});

export type AvailabilityRecord = z.infer<typeof AvailabilityRecordSchema>;

export const AvailabilityListSchema = z.array(AvailabilityRecordSchema);

/**
 * GET appointment/slots's whole body: the list and, from an Open Dental practice whose mirror is
 * older than the practice allows (ADR 0071), `stale_since` (ISO instant of its last refresh).
 */
export const SlotListBodySchema = z.object({
  success: z.literal(true),
  result: AvailabilityListSchema,
  stale_since: z.string().optional(),
});

/** A month's slots as the booking page holds them. */
export interface SlotList {
  records: AvailabilityRecord[];
  /** Set when the slots may not be current (ADR 0071). */
  staleSince: string | null;
}
