import { closedTimeBetween } from '#domain/availability/closure-days.ts';
import { addDays } from '#domain/time/local-date.ts';
import type { BlockedTime, BusyInterval, ProviderTimeOff, SlotSchedule } from '#domain/availability/slot-query.ts';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/booking-status-sql.ts';

/** Everything the slot engine needs from the built-in schedule of one practice. */
export interface ScheduleData {
  schedules: SlotSchedule[];
  closures: string[];
  timeOff: ProviderTimeOff[];
  busy: BusyInterval[];
  /** Time staff blocked from the console (schedule_blocks, ADR 0038), and part-day closures (ADR 0079). */
  blocked: BlockedTime[];
  /** The part-day closures alone: a preview of unsaved settings puts its own in their place. */
  closedParts: BlockedTime[];
}

/**
 * One round trip for the schedule (of active providers in active operatories), closures, time
 * off, blocked time, and the active appointments and holds overlapping [from, to). Rows come back as JSON
 * arrays: on the embedded database each returned row costs more than the query itself, and the
 * busy list of a full month is hundreds of rows. Instants are epoch milliseconds, computed in
 * double precision (exact for whole milliseconds): `extract` would compute them as numeric, which
 * costs a visible share of the query on a month of appointments.
 */
export async function loadScheduleData(
  db: Queryable,
  practiceId: string,
  from: Date,
  to: Date,
  ignoreAppointmentId: string | null = null,
): Promise<ScheduleData> {
  const [row] = await db.query<{
    schedules: [number, number, number | null, number[], string, string, { start: string; end: string }[]][] | null;
    closures: [string, string | null, string | null, boolean][] | null;
    server_tz: string;
    time_off: [number, string, string][] | null;
    busy: OwnBusyRow[] | null;
    blocked: [number | null, number | null, number | null, number, number][] | null;
  }>(
    `select
       (select json_agg(json_build_array(s.pms_prov_num, s.pms_op_num, s.pms_clinic_num, s.weekdays,
                 to_char(s.start_time, 'HH24:MI'), to_char(s.end_time, 'HH24:MI'), s.breaks))
          from schedules s
          join providers p on p.practice_id = s.practice_id and p.pms_prov_num = s.pms_prov_num and p.is_active
          join operatories o on o.practice_id = s.practice_id and o.pms_op_num = s.pms_op_num and o.is_active
         where s.practice_id = $1) as schedules,
       (select json_agg(json_build_array(to_char(c.date, 'YYYY-MM-DD'), to_char(c.start_time, 'HH24:MI'),
                 to_char(c.end_time, 'HH24:MI'), c.yearly))
          from closures c where c.practice_id = $1) as closures,
       (select server_tz from practices where id = $1) as server_tz,
       (select json_agg(json_build_array(t.pms_prov_num, to_char(t.starts_at, 'YYYY-MM-DD"T"HH24:MI'),
         to_char(t.ends_at, 'YYYY-MM-DD"T"HH24:MI')))
          from provider_time_off t where t.practice_id = $1) as time_off,
       ${ownBusySql({ practice: '$1', from: '$2', to: '$3', ignore: '$4' })} as busy,
       (select json_agg(json_build_array(b.pms_prov_num, b.pms_op_num, b.pms_clinic_num,
                 round(date_part('epoch', b.starts_at) * 1000), round(date_part('epoch', b.ends_at) * 1000)))
          from schedule_blocks b
         where b.practice_id = $1 and b.starts_at < $3 and b.ends_at > $2) as blocked`,
    [practiceId, from.toISOString(), to.toISOString(), ignoreAppointmentId],
  );
  const blocked = (row?.blocked ?? []).map(([provNum, opNum, clinicNum, start, end]) => ({
    provNum,
    opNum,
    clinicNum,
    start: Number(start),
    end: Number(end),
  }));
  // Closures in the practice's own dates around the range: a yearly one on each of its days (ADR 0084), and a
  // part-day one (ADR 0079) as blocked time of every chair, as a block of all of them would be.
  const closed = closedTimeBetween(
    (row?.closures ?? []).map(([date, start, end, yearly]) => ({ date, start, end, yearly })),
    row?.server_tz ?? 'UTC',
    addDays(from.toISOString().slice(0, 10), -1),
    addDays(to.toISOString().slice(0, 10), 1),
  );
  const closedParts = closed.closedParts.map(({ start, end }) => everyChair(start, end));
  return {
    schedules: (row?.schedules ?? []).map(([provNum, opNum, clinicNum, weekdays, start, end, breaks]) => ({
      provNum,
      opNum,
      clinicNum,
      weekdays,
      start,
      end,
      breaks,
    })),
    closures: closed.closedDays,
    timeOff: (row?.time_off ?? []).map(([provNum, start, end]) => ({ provNum, start, end })),
    busy: toBusy(row?.busy ?? null),
    blocked: [...blocked, ...closedParts],
    closedParts,
  };
}

/**
 * Our own active bookings and payment holds of a practice overlapping [from, to), but the one being moved: a
 * subquery of one JSON array `[provNum, opNum, startMs, endMs]` per booking (`toBusy` reads it). Its arguments are
 * the statement's placeholders ("$1"), never values.
 */
export function ownBusySql(at: { practice: string; from: string; to: string; ignore: string }): string {
  return `(select json_agg(json_build_array(a.pms_prov_num, a.pms_op_num, round(date_part('epoch', a.starts_at) * 1000),
            round(date_part('epoch', a.ends_at) * 1000)))
             from appointments a
            where a.practice_id = ${at.practice} and ${holdsSlotSql('a.status')}
              and a.starts_at < ${at.to} and a.ends_at > ${at.from} and a.id is distinct from ${at.ignore}::uuid)`;
}

export type OwnBusyRow = [number, number, number, number];

export function toBusy(rows: OwnBusyRow[] | null): BusyInterval[] {
  return (rows ?? []).map(([provNum, opNum, start, end]) => ({
    provNum,
    opNum,
    start: Number(start),
    end: Number(end),
  }));
}

/** Blocked time of every schedule of the practice. */
export const everyChair = (start: number, end: number): BlockedTime => ({
  provNum: null,
  opNum: null,
  clinicNum: null,
  start,
  end,
});
