import type { BookingInTime } from '#domain/practice/stranded-bookings.ts';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/booking-status-sql.ts';

/**
 * The practice's bookings that still hold a time from `now` on, in the wall clock of their clinic (its own
 * zone, ADR 0061, else the practice's), for the stranded check of a settings change (ADR 0079).
 */
export async function listBookingsAhead(tx: Queryable, practiceId: string, now: Date): Promise<BookingInTime[]> {
  return tx.query<BookingInTime>(
    `select a.id, a.reference, a.pms_prov_num, a.pms_op_num, r.name as reason_name,
            trim(coalesce(pt.first_name || ' ' || pt.last_name,
              coalesce(a.booker_first_name, '') || ' ' || coalesce(a.booker_last_name, ''))) as patient_name,
            to_char(a.starts_at at time zone coalesce(c.time_zone, p.server_tz), 'YYYY-MM-DD"T"HH24:MI') as start,
            to_char(a.ends_at at time zone coalesce(c.time_zone, p.server_tz), 'YYYY-MM-DD"T"HH24:MI') as "end"
       from appointments a
       join practices p on p.id = a.practice_id
       left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
       left join reasons_for_visit r on r.id = a.reason_id
       left join patients pt on pt.id = a.patient_id
      where a.practice_id = $1 and ${holdsSlotSql('a.status')} and a.ends_at > $2
      order by a.starts_at`,
    [practiceId, now.toISOString()],
  );
}
