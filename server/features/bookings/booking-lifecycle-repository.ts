import type { BookingStatus, CancelledBy } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../../db/database.ts';
import { PLACEMENT_SET, placementParams, type BookingPlacement } from '../../db/booking-placement-sql.ts';

export interface BookingState {
  id: string;
  practice_id: string;
  reason_id: string;
  reference: string;
  status: BookingStatus;
  starts_at: Date | null;
  ends_at: Date | null;
  pms_prov_num: number;
  pms_op_num: number;
  pms_clinic_num: number | null;
  reschedule_count: number;
  language: 'en' | 'es';
  created_at: Date;
  /** The appointment's number in Open Dental once written there (ADR 0015). */
  pms_apt_num: number | null;
  confirmed_at: Date | null;
  arrived_at: Date | null;
  no_show_at: Date | null;
}

/** The columns of a `BookingState`, for a `select` or an insert's `returning`. */
export const STATE_COLUMNS = `id, practice_id, reason_id, reference, status, starts_at, ends_at, pms_prov_num,
    pms_op_num, pms_clinic_num, reschedule_count, language, created_at, pms_apt_num::integer as pms_apt_num,
    confirmed_at, arrived_at, no_show_at`;

/** The booking, locked for the rest of the transaction: moves and status changes of one booking queue up. */
export async function lockBookingState(tx: Queryable, appointmentId: string): Promise<BookingState | null> {
  const [row] = await tx.query<BookingState>(`select ${STATE_COLUMNS} from appointments where id = $1 for update`, [
    appointmentId,
  ]);
  return row ?? null;
}

export async function findBookingState(db: Queryable, appointmentId: string): Promise<BookingState | null> {
  const [row] = await db.query<BookingState>(`select ${STATE_COLUMNS} from appointments where id = $1`, [
    appointmentId,
  ]);
  return row ?? null;
}

/** The timestamp each status sets beside itself (ADR 0033); the others only change the status. */
const STAMP_OF: Partial<Record<BookingStatus, string>> = {
  confirmed: 'confirmed_at',
  arrived: 'arrived_at',
  no_show: 'no_show_at',
  cancelled: 'cancelled_at',
};

export async function updateBookingStatus(
  tx: Queryable,
  appointmentId: string,
  change: {
    to: BookingStatus;
    at: Date;
    cancelledBy?: CancelledBy;
    cancelReason?: string | null;
    /** An undone mark (ADR 0064): its stamp is cleared, so the booking reads as it did before the mark. */
    undoing?: BookingStatus;
  },
): Promise<void> {
  const stamp = change.undoing ? null : STAMP_OF[change.to];
  const cleared = change.undoing ? STAMP_OF[change.undoing] : undefined;
  await tx.query(
    `update appointments
        set status = $2, updated_at = $3${stamp ? `, ${stamp} = $3` : ''}${cleared ? `, ${cleared} = null` : ''},
            cancelled_by = case when $2 = 'cancelled' then $4 else cancelled_by end,
            cancel_reason = case when $2 = 'cancelled' then $5 else cancel_reason end
      where id = $1`,
    [appointmentId, change.to, change.at.toISOString(), change.cancelledBy ?? null, change.cancelReason ?? null],
  );
}

/**
 * Moves the booking in place: the same row, so its id, reference and calendar UID stay; the count
 * is the calendar's SEQUENCE. The exclusion constraints refuse an overlap (23P01).
 */
export async function updateBookingTime(tx: Queryable, appointmentId: string, move: BookingPlacement): Promise<void> {
  await tx.query(
    `update appointments
        set ${PLACEMENT_SET}, rescheduled_at = $6, reschedule_count = reschedule_count + 1, confirmed_at = null,
            status = case when status = 'confirmed' then 'booked' else status end
      where id = $1`,
    placementParams(appointmentId, move),
  );
}

/**
 * A request's first time (staff, ADR 0038): it becomes booked. Not a move, so the reschedule count
 * (the calendar's SEQUENCE, and the patient's allowance of moves) stays as it is. One statement,
 * since a request is exactly a booking without a time (appointments_time_presence_check).
 */
export async function giveRequestTime(tx: Queryable, appointmentId: string, slot: BookingPlacement): Promise<void> {
  await tx.query(
    `update appointments set ${PLACEMENT_SET}, status = 'booked' where id = $1 and status = 'requested'`,
    placementParams(appointmentId, slot),
  );
}

/**
 * Puts the booking back at the time Open Dental still has for it. The reschedule count stays as
 * the move left it: it names the change jobs (a next move must not reuse a done job's key) and
 * is the calendar's SEQUENCE, neither of which may go back. The exclusion constraints refuse it
 * (23P01) when someone took the old time meanwhile.
 */
export async function moveBookingBack(tx: Queryable, appointmentId: string, back: BookingPlacement): Promise<void> {
  await tx.query(`update appointments set ${PLACEMENT_SET} where id = $1`, placementParams(appointmentId, back));
}
