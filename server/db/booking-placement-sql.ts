/*
 * The columns that place a booking at a time, shared by the statements of the bookings lifecycle
 * and of the Open Dental change queue (ADR 0073: SQL two features share lives in server/db, as
 * booking-status-sql.ts does, rather than one feature importing the other's repository).
 */

/** Where a statement puts a booking: its time, provider and chair, and when that was decided. */
export interface BookingPlacement {
  startsAt: Date;
  endsAt: Date;
  provNum: number;
  opNum: number;
  at: Date;
}

/**
 * Every statement that puts a booking at a time (a move, a request's first time, a move back) sets
 * the same columns from the same parameters: $1 is the booking, $2-$6 the placement.
 */
export const PLACEMENT_SET = 'starts_at = $2, ends_at = $3, pms_prov_num = $4, pms_op_num = $5, updated_at = $6';

export function placementParams(appointmentId: string, placement: BookingPlacement): unknown[] {
  const { startsAt, endsAt, provNum, opNum, at } = placement;
  return [appointmentId, startsAt.toISOString(), endsAt.toISOString(), provNum, opNum, at.toISOString()];
}
