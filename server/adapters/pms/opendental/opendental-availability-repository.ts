import type { BusyInterval } from '#domain/availability/slot-query.ts';
import type { Queryable } from '../../../db/database.ts';
import { ownBusySql, toBusy, type OwnBusyRow } from '../builtin-schedule-repository.ts';
import type { OfferedSetup } from './opendental-availability.ts';
import type { MirrorErrorReason } from './opendental-mirror-repository.ts';
import type { OdAppointment, OdSchedule } from './opendental-schemas.ts';

/** Everything a slot list of an Open Dental practice reads from our database (ADR 0071). */
export interface MirrorSlotRows {
  /** The first month of the range the mirror has not filled yet (the list is unavailable); null: all filled. */
  missingMonth: string | null;
  /** Why the office's last refresh failed; null when it did not. */
  errorReason: MirrorErrorReason | null;
  /** The mirror's schedules and appointments of the dates asked for, as Open Dental's rows. */
  schedules: OdSchedule[];
  appointments: OdAppointment[];
  /** The practice's active providers, operatories (with their clinic) and clinics: what it offers online. */
  offered: OfferedSetup;
  /**
   * Our own active bookings and payment holds overlapping the instants asked for. Until the write job has put a
   * booking into Open Dental (and the next refresh has read it back) only we know it is taken.
   */
  ownBusy: BusyInterval[];
  lastRefreshedAt: Date | null;
  staleAfterMinutes: number;
}

export interface MirrorSlotRange {
  /** Practice-local dates, inclusive, and the calendar months (`YYYY-MM`) that hold them. */
  fromDate: string;
  toDate: string;
  months: string[];
  /** Our own bookings are read over [busyFrom, busyTo), but `ignoreAppointmentId` (a booking being moved). */
  busyFrom: Date;
  busyTo: Date;
  ignoreAppointmentId: string | null;
}

/**
 * One round trip, as a built-in practice's slot list reads its schedule (builtin-schedule-repository.ts): the
 * mirror's rows of the range and whether it has filled them, the offered setup, our own bookings and the
 * mirror's freshness. Null when there is no such practice.
 */
export async function loadMirrorSlotRows(
  db: Queryable,
  practiceId: string,
  range: MirrorSlotRange,
): Promise<MirrorSlotRows | null> {
  const busyRange = [range.busyFrom.toISOString(), range.busyTo.toISOString(), range.ignoreAppointmentId];
  const [row] = await db.query<{
    missing_month: string | null;
    error_reason: MirrorErrorReason | null;
    schedules: OdSchedule[] | null;
    appointments: OdAppointment[] | null;
    providers: number[] | null;
    operatories: [number, number | null][] | null;
    clinics: number[] | null;
    busy: OwnBusyRow[] | null;
    last_refreshed_at: Date | string | null;
    stale_after: number;
  }>(
    `select
       (select min(m) from unnest($4::text[]) as m
         where not exists (select 1 from opendental_mirror_ranges r
           where r.practice_id = p.id and r.month = m and r.refreshed_at is not null)) as missing_month,
       case when s.last_error is null then null else s.last_error_reason end as error_reason,
       (select json_agg(data) from opendental_mirror_rows
         where practice_id = p.id and kind = 'schedule' and row_date between $2::date and $3::date) as schedules,
       (select json_agg(data) from opendental_mirror_rows
         where practice_id = p.id and kind = 'appointment' and row_date between $2::date and $3::date) as appointments,
       (select json_agg(pms_prov_num) from providers where practice_id = p.id and is_active) as providers,
       (select json_agg(json_build_array(pms_op_num, pms_clinic_num)) from operatories
         where practice_id = p.id and is_active) as operatories,
       (select json_agg(pms_clinic_num) from clinics where practice_id = p.id and is_active) as clinics,
       ${ownBusySql({ practice: 'p.id', from: '$5', to: '$6', ignore: '$7' })} as busy,
       s.last_refreshed_at, p.opendental_stale_after_minutes as stale_after
       from practices p left join opendental_mirror_state s on s.practice_id = p.id
      where p.id = $1`,
    [practiceId, range.fromDate, range.toDate, range.months, ...busyRange],
  );
  if (!row) return null;
  return {
    missingMonth: row.missing_month,
    errorReason: row.error_reason,
    schedules: row.schedules ?? [],
    appointments: row.appointments ?? [],
    offered: {
      providers: new Set(row.providers ?? []),
      operatories: new Map(row.operatories ?? []),
      clinics: new Set(row.clinics ?? []),
    },
    ownBusy: toBusy(row.busy),
    lastRefreshedAt: row.last_refreshed_at === null ? null : new Date(row.last_refreshed_at),
    staleAfterMinutes: row.stale_after,
  };
}
