import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../../db/database.ts';
import { PLACEMENT_SET, placementParams, type BookingPlacement } from '../../db/booking-placement-sql.ts';
import type { AppointmentToWrite } from './pms-write-repository.ts';

/** A booking's Open Dental state as the change queue sees it, on the row the caller has locked. */
export interface PmsChangeState {
  practice_id: string;
  is_on_open_dental: boolean;
  pms_apt_num: number | null;
  pms_write_status: string | null;
  reschedule_count: number;
  status: BookingStatus;
  starts_at: Date | null;
}

export async function findPmsChangeState(tx: Queryable, appointmentId: string): Promise<PmsChangeState | null> {
  const [row] = await tx.query<PmsChangeState>(
    `select a.practice_id, p.pms->>'type' = 'opendental' as is_on_open_dental, a.pms_apt_num::integer as pms_apt_num,
      a.pms_write_status, a.reschedule_count,
            a.status, a.starts_at
       from appointments a join practices p on p.id = a.practice_id
      where a.id = $1`,
    [appointmentId],
  );
  return row ?? null;
}

/** Waiting for the change job: the console and the office's notices read "pending" until it is in Open Dental. */
export async function markChangePending(tx: Queryable, appointmentId: string): Promise<void> {
  await tx.query(`update appointments set pms_write_status = 'pending', pms_write_error = null where id = $1`, [
    appointmentId,
  ]);
}

/** What the change job needs: the write job's view of the booking, plus what the patient's e-mail says. */
export interface AppointmentToChange extends AppointmentToWrite {
  reschedule_count: number;
  reference: string;
  language: 'en' | 'es';
  booker_first_name: string | null;
  /** The clinic's phone when the booking is at a clinic that has one; else the practice's is used. */
  clinic_phone: string | null;
}

export async function findAppointmentToChange(
  db: Queryable,
  appointmentId: string,
): Promise<AppointmentToChange | null> {
  const [row] = await db.query<AppointmentToChange>(
    `select a.id, a.practice_id, a.status, a.pms_prov_num, a.pms_op_num, a.pms_clinic_num, a.starts_at, a.ends_at,
            a.patient_status, a.email, a.wireless_phone, a.message, a.pms_write_status,
              a.pms_apt_num::integer as pms_apt_num,
            a.pms_pat_num::integer as pms_pat_num, p.first_name, p.last_name, p.dob, r.name as reason_name,
            a.reschedule_count, a.reference, a.language, a.booker_first_name, c.display_phone as clinic_phone
       from appointments a
       join patients p on p.id = a.patient_id
       left join reasons_for_visit r on r.id = a.reason_id
       left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
      where a.id = $1`,
    [appointmentId],
  );
  return row ?? null;
}

/** The row locked for the job's last step, so that a patient's next change waits for it (or it sees that change). */
export async function lockRescheduleCount(
  tx: Queryable,
  appointmentId: string,
): Promise<{ reschedule_count: number; status: BookingStatus } | null> {
  const [row] = await tx.query<{ reschedule_count: number; status: BookingStatus }>(
    'select reschedule_count, status from appointments where id = $1 for update',
    [appointmentId],
  );
  return row ?? null;
}

export async function markChangeWritten(tx: Queryable, appointmentId: string, at: Date): Promise<void> {
  await tx.query(
    `update appointments set pms_write_status = 'written', pms_write_error = null, pms_written_at = $2 where id = $1`,
    [appointmentId, at.toISOString()],
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

/** Where the booking is now, and whether it still holds its time. */
export async function findBookingSlot(
  tx: Queryable,
  appointmentId: string,
): Promise<{ status: BookingStatus; starts_at: Date | null; pms_prov_num: number; pms_op_num: number } | null> {
  const [row] = await tx.query<{
    status: BookingStatus;
    starts_at: Date | null;
    pms_prov_num: number;
    pms_op_num: number;
  }>('select status, starts_at, pms_prov_num, pms_op_num from appointments where id = $1', [appointmentId]);
  return row ?? null;
}
