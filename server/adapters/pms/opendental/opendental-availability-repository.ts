import type { BusyInterval } from '#domain/availability/slot-query.ts';
import type { Queryable } from '../../../db/database.ts';
import type { OfferedSetup } from './opendental-availability.ts';
import { holdsSlotSql } from '../../../db/booking-status-sql.ts';

/** The practice's active providers, operatories (with their clinic) and clinics: what it offers online. */
export async function loadOfferedSetup(db: Queryable, practiceId: string): Promise<OfferedSetup> {
  const [row] = await db.query<{
    providers: number[] | null;
    operatories: [number, number | null][] | null;
    clinics: number[] | null;
  }>(
    `select
       (select json_agg(pms_prov_num) from providers where practice_id = $1 and is_active) as providers,
       (select json_agg(json_build_array(pms_op_num, pms_clinic_num)) from operatories where practice_id = $1
         and is_active) as operatories,
       (select json_agg(pms_clinic_num) from clinics where practice_id = $1 and is_active) as clinics`,
    [practiceId],
  );
  return {
    providers: new Set(row?.providers ?? []),
    operatories: new Map(row?.operatories ?? []),
    clinics: new Set(row?.clinics ?? []),
  };
}

/**
 * Our own active bookings and payment holds overlapping [from, to). Until the write job has put a
 * booking into Open Dental (and the next refresh has read it back) only we know it is taken.
 * `ignoreAppointmentId`: a booking being moved, whose own time counts as free.
 */
export async function loadOwnBusy(
  db: Queryable,
  practiceId: string,
  from: Date,
  to: Date,
  ignoreAppointmentId: string | null = null,
): Promise<BusyInterval[]> {
  const rows = await db.query<{ busy: [number, number, number, number][] | null }>(
    `select json_agg(json_build_array(pms_prov_num, pms_op_num, extract(epoch from starts_at) * 1000,
      extract(epoch from ends_at) * 1000)) as busy
       from appointments
      where practice_id = $1 and ${holdsSlotSql()} and starts_at < $3 and ends_at > $2
        and ($4::uuid is null or id <> $4::uuid)`,
    [practiceId, from.toISOString(), to.toISOString(), ignoreAppointmentId],
  );
  return (rows[0]?.busy ?? []).map(([provNum, opNum, start, end]) => ({
    provNum,
    opNum,
    start: Number(start),
    end: Number(end),
  }));
}
