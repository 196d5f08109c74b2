import type { BusyInterval, ProviderTimeOff, SlotSchedule } from '#domain/availability/slot-query.ts';
import type { Queryable } from '../../db/database.ts';

/** Everything the slot engine needs from the built-in schedule of one practice. */
export interface ScheduleData {
  schedules: SlotSchedule[];
  closures: string[];
  timeOff: ProviderTimeOff[];
}

export async function loadScheduleData(db: Queryable, practiceId: string): Promise<ScheduleData> {
  const [schedules, closures, timeOff] = await Promise.all([
    db.query<{ pms_prov_num: number; pms_op_num: number; pms_clinic_num: number | null; weekdays: number[]; start_time: string; end_time: string; breaks: { start: string; end: string }[] }>(
      `select s.pms_prov_num, s.pms_op_num, s.pms_clinic_num, s.weekdays,
              to_char(s.start_time, 'HH24:MI') as start_time, to_char(s.end_time, 'HH24:MI') as end_time, s.breaks
         from schedules s
         join providers p on p.practice_id = s.practice_id and p.pms_prov_num = s.pms_prov_num and p.is_active
         join operatories o on o.practice_id = s.practice_id and o.pms_op_num = s.pms_op_num and o.is_active
        where s.practice_id = $1`,
      [practiceId],
    ),
    db.query<{ date: string }>('select date from closures where practice_id = $1', [practiceId]),
    db.query<{ pms_prov_num: number; starts_at: string; ends_at: string }>(
      `select pms_prov_num, to_char(starts_at, 'YYYY-MM-DD"T"HH24:MI') as starts_at, to_char(ends_at, 'YYYY-MM-DD"T"HH24:MI') as ends_at
         from provider_time_off where practice_id = $1`,
      [practiceId],
    ),
  ]);
  return {
    schedules: schedules.map((s) => ({
      provNum: s.pms_prov_num,
      opNum: s.pms_op_num,
      clinicNum: s.pms_clinic_num,
      weekdays: s.weekdays,
      start: s.start_time,
      end: s.end_time,
      breaks: s.breaks,
    })),
    closures: closures.map((c) => c.date),
    timeOff: timeOff.map((t) => ({ provNum: t.pms_prov_num, start: t.starts_at, end: t.ends_at })),
  };
}

/** Active appointments and payment holds overlapping [from, to). */
export async function listBusyIntervals(db: Queryable, practiceId: string, from: Date, to: Date): Promise<BusyInterval[]> {
  const rows = await db.query<{ pms_prov_num: number; pms_op_num: number; starts_at: Date; ends_at: Date }>(
    `select pms_prov_num, pms_op_num, starts_at, ends_at from appointments
      where practice_id = $1 and status in ('booked', 'pending_payment') and starts_at < $3 and ends_at > $2`,
    [practiceId, from.toISOString(), to.toISOString()],
  );
  return rows.map((r) => ({ provNum: r.pms_prov_num, opNum: r.pms_op_num, start: r.starts_at, end: r.ends_at }));
}
