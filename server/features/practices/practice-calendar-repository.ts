import type { Queryable } from '../../db/database.ts';

/**
 * Schedules, closures and time off have no key in the file: a row is what it says. Syncing
 * compares rows by their full content, deletes the stored rows the file no longer has and
 * inserts the new ones, so unchanged rows keep their ids and an unchanged file writes nothing.
 */

export interface ScheduleRow {
  pms_prov_num: number;
  pms_op_num: number;
  pms_clinic_num: number | null;
  weekdays: number[];
  /** "HH:mm" */
  start: string;
  end: string;
  breaks: { start: string; end: string }[];
}

export interface ClosureRow {
  date: string;
  name: string | null;
  /** "HH:mm" both or neither: a part-day closure (ADR 0079). */
  start?: string | null;
  end?: string | null;
  /** Repeats every year from its date on (ADR 0084). */
  yearly?: boolean;
}

export interface TimeOffRow {
  pms_prov_num: number;
  /** "YYYY-MM-DDTHH:mm", wall clock in the practice's zone. */
  start: string;
  end: string;
}

/** A schedule's columns before its breaks, in the insert's order: the key compares the same values it writes. */
const scheduleValues = (s: ScheduleRow) => [
  s.pms_prov_num,
  s.pms_op_num,
  s.pms_clinic_num,
  [...s.weekdays].sort(),
  s.start,
  s.end,
];
const scheduleKey = (s: ScheduleRow) => JSON.stringify([...scheduleValues(s), s.breaks.map((b) => [b.start, b.end])]);
const closureKey = (c: ClosureRow) =>
  JSON.stringify([c.date, c.name, c.start ?? null, c.end ?? null, c.yearly ?? false]);
const timeOffKey = (t: TimeOffRow) => JSON.stringify([t.pms_prov_num, t.start, t.end]);

export async function syncSchedules(tx: Queryable, practiceId: string, wanted: readonly ScheduleRow[]): Promise<void> {
  const stored = await tx.query<ScheduleRow & { id: string }>(
    `select id, pms_prov_num, pms_op_num, pms_clinic_num, weekdays, to_char(start_time, 'HH24:MI') as start,
            to_char(end_time, 'HH24:MI') as "end", breaks
       from schedules where practice_id = $1`,
    [practiceId],
  );
  await sync(tx, 'schedules', stored, wanted, scheduleKey, (s) =>
    tx.query(
      `insert into schedules (practice_id, pms_prov_num, pms_op_num, pms_clinic_num, weekdays, start_time, end_time,
        breaks)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [practiceId, ...scheduleValues(s), JSON.stringify(s.breaks)],
    ),
  );
}

export async function syncClosures(tx: Queryable, practiceId: string, wanted: readonly ClosureRow[]): Promise<void> {
  const stored = await tx.query<ClosureRow & { id: string }>(
    `select id, date::text as date, name, to_char(start_time, 'HH24:MI') as start,
            to_char(end_time, 'HH24:MI') as "end",
            yearly
       from closures where practice_id = $1`,
    [practiceId],
  );
  await sync(tx, 'closures', stored, wanted, closureKey, (c) =>
    tx.query(
      'insert into closures (practice_id, date, name, start_time, end_time, yearly) values ($1, $2, $3, $4, $5, $6)',
      [practiceId, c.date, c.name, c.start ?? null, c.end ?? null, c.yearly ?? false],
    ),
  );
}

export async function syncTimeOff(tx: Queryable, practiceId: string, wanted: readonly TimeOffRow[]): Promise<void> {
  const stored = await tx.query<TimeOffRow & { id: string }>(
    `select id, pms_prov_num, to_char(starts_at, 'YYYY-MM-DD"T"HH24:MI') as start,
      to_char(ends_at, 'YYYY-MM-DD"T"HH24:MI') as "end"
       from provider_time_off where practice_id = $1`,
    [practiceId],
  );
  await sync(tx, 'provider_time_off', stored, wanted, timeOffKey, (t) =>
    tx.query('insert into provider_time_off (practice_id, pms_prov_num, starts_at, ends_at) values ($1, $2, $3, $4)', [
      practiceId,
      t.pms_prov_num,
      t.start,
      t.end,
    ]),
  );
}

async function sync<Row>(
  tx: Queryable,
  table: string,
  stored: readonly (Row & { id: string })[],
  wanted: readonly Row[],
  keyOf: (row: Row) => string,
  insert: (row: Row) => Promise<unknown>,
): Promise<void> {
  // Ids of stored rows per content; each wanted row claims one, the unclaimed ones are obsolete.
  const unclaimed = new Map<string, string[]>();
  for (const row of stored) unclaimed.set(keyOf(row), [...(unclaimed.get(keyOf(row)) ?? []), row.id]);
  const missing = wanted.filter((row) => !unclaimed.get(keyOf(row))?.pop());
  const obsolete = [...unclaimed.values()].flat();
  // Deletes first: a closure moved to another name keeps its date, which is unique per practice.
  if (obsolete.length > 0) await tx.query(`delete from ${table} where id = any($1::uuid[])`, [obsolete]);
  for (const row of missing) await insert(row);
}
