import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/booking-status-sql.ts';

/** What the write job needs of one appointment: the booking, the patient and the reason. */
export interface AppointmentToWrite {
  id: string;
  practice_id: string;
  status: BookingStatus;
  pms_prov_num: number;
  pms_op_num: number;
  pms_clinic_num: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  patient_status: string | null;
  email: string | null;
  wireless_phone: string | null;
  message: string | null;
  pms_write_status: string | null;
  pms_apt_num: number | null;
  pms_pat_num: number | null;
  first_name: string;
  last_name: string;
  /** "YYYY-MM-DD" */
  dob: string;
  reason_name: string | null;
}

export async function findAppointmentToWrite(db: Queryable, appointmentId: string): Promise<AppointmentToWrite | null> {
  const rows = await db.query<AppointmentToWrite>(
    `select a.id, a.practice_id, a.status, a.pms_prov_num, a.pms_op_num, a.pms_clinic_num, a.starts_at, a.ends_at,
            a.patient_status, a.email, a.wireless_phone, a.message, a.pms_write_status, a.pms_apt_num, a.pms_pat_num,
            p.first_name, p.last_name, p.dob, r.name as reason_name
       from appointments a
       join patients p on p.id = a.patient_id
       left join reasons_for_visit r on r.id = a.reason_id
      where a.id = $1`,
    [appointmentId],
  );
  return rows[0] ?? null;
}

/** Marks a booking with a time as waiting for the write job; false when there is nothing to write. */
export async function markWritePending(tx: Queryable, appointmentId: string): Promise<boolean> {
  const rows = await tx.query(
    `update appointments set pms_write_status = 'pending'
      where id = $1 and starts_at is not null and ${holdsSlotSql()}
      returning id`,
    [appointmentId],
  );
  return rows.length > 0;
}

/** Kept so that a retry after a lost answer does not look the patient up (or create them) again. */
export async function savePmsPatNum(db: Queryable, appointmentId: string, patNum: number): Promise<void> {
  await db.query('update appointments set pms_pat_num = $2 where id = $1', [appointmentId, patNum]);
}

export async function markWritten(
  db: Queryable,
  appointmentId: string,
  written: { aptNum: number; patNum: number; at: Date },
): Promise<void> {
  await db.query(
    `update appointments
        set pms_write_status = 'written', pms_apt_num = $2, pms_pat_num = $3, pms_write_error = null,
          pms_written_at = $4
      where id = $1`,
    [appointmentId, written.aptNum, written.patNum, written.at.toISOString()],
  );
}

/** `pending`: not written yet and retried; `failed`: given up; `skipped`: nothing to write any more. */
export async function recordWriteProblem(
  db: Queryable,
  appointmentId: string,
  status: 'pending' | 'failed' | 'skipped',
  error: string,
): Promise<void> {
  await db.query('update appointments set pms_write_status = $2, pms_write_error = $3 where id = $1', [
    appointmentId,
    status,
    error,
  ]);
}
