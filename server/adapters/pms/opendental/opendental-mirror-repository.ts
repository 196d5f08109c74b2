import type { Queryable } from '../../../db/database.ts';
import type { OdAppointment, OdSchedule } from './opendental-schemas.ts';

/** The Open Dental mirror's tables (migration 0033, ADR 0071). Dates are practice-local "YYYY-MM-DD". */

export interface MirrorState {
  appointmentsStamp: string | null;
  lastRefreshedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

export interface MirrorRange {
  month: string;
  refreshedAt: Date | null;
}

/** Takes (or keeps) the practice's sync lease: true when `owner` holds it until `until`. */
export async function takeMirrorLease(
  db: Queryable,
  practiceId: string,
  owner: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  await db.query(`insert into opendental_mirror_state (practice_id) values ($1) on conflict do nothing`, [practiceId]);
  const rows = await db.query(
    `update opendental_mirror_state set lease_owner = $2, lease_until = $4
      where practice_id = $1 and (lease_owner is null or lease_owner = $2 or lease_until < $3)
      returning practice_id`,
    [practiceId, owner, now.toISOString(), until.toISOString()],
  );
  return rows.length > 0;
}

export async function releaseMirrorLease(db: Queryable, practiceId: string, owner: string): Promise<void> {
  await db.query(
    `update opendental_mirror_state set lease_owner = null, lease_until = null
      where practice_id = $1 and lease_owner = $2`,
    [practiceId, owner],
  );
}

export async function findMirrorState(db: Queryable, practiceId: string): Promise<MirrorState | null> {
  const [row] = await db.query<{
    appointments_stamp: string | null;
    last_refreshed_at: Date | null;
    last_error: string | null;
    last_error_at: Date | null;
  }>(
    `select appointments_stamp, last_refreshed_at, last_error, last_error_at
       from opendental_mirror_state where practice_id = $1`,
    [practiceId],
  );
  if (!row) return null;
  return {
    appointmentsStamp: row.appointments_stamp,
    lastRefreshedAt: toDate(row.last_refreshed_at),
    lastError: row.last_error,
    lastErrorAt: toDate(row.last_error_at),
  };
}

/** A refresh succeeded: its time, and the stamp of the next appointments poll when it has one. */
export async function recordMirrorSuccess(
  db: Queryable,
  practiceId: string,
  at: Date,
  appointmentsStamp: string | null,
): Promise<void> {
  await db.query(
    `update opendental_mirror_state set last_refreshed_at = $2, last_error = null, last_error_reason = null,
        appointments_stamp = coalesce($3, appointments_stamp)
      where practice_id = $1`,
    [practiceId, at.toISOString(), appointmentsStamp],
  );
}

export type MirrorErrorReason = 'connector_down' | 'version' | 'unreachable';

export async function recordMirrorError(
  db: Queryable,
  practiceId: string,
  at: Date,
  error: { text: string; reason: MirrorErrorReason },
): Promise<void> {
  await db.query(
    `update opendental_mirror_state set last_error = $2, last_error_reason = $3, last_error_at = $4
      where practice_id = $1`,
    [practiceId, error.text, error.reason, at.toISOString()],
  );
}

export async function listMirrorRanges(db: Queryable, practiceId: string): Promise<MirrorRange[]> {
  const rows = await db.query<{ month: string; refreshed_at: Date | null }>(
    `select month, refreshed_at from opendental_mirror_ranges where practice_id = $1 order by month`,
    [practiceId],
  );
  return rows.map((row) => ({ month: row.month, refreshedAt: toDate(row.refreshed_at) }));
}

export async function recordRangeError(
  db: Queryable,
  practiceId: string,
  month: string,
  at: Date,
  error: string,
): Promise<void> {
  await db.query(
    `insert into opendental_mirror_ranges (practice_id, month, last_error, last_error_at) values ($1, $2, $3, $4)
     on conflict (practice_id, month) do update set last_error = $3, last_error_at = $4`,
    [practiceId, month, error, at.toISOString()],
  );
}

/** A row of the mirror as it was and as it is now (null: absent), for the events that name the time it changed. */
export interface MirrorRowChange<T> {
  num: number;
  before: T | null;
  after: T | null;
}
export type AppointmentChange = MirrorRowChange<OdAppointment>;

/**
 * Replaces the mirror's schedules of the dates [from, to] with `schedules` (a re-read: whatever is
 * gone from Open Dental goes here too). Returns whether anything changed.
 */
export async function replaceMirrorSchedules(
  db: Queryable,
  practiceId: string,
  range: { from: string; to: string },
  schedules: OdSchedule[],
): Promise<boolean> {
  const rows = schedules.map((s) => [s.ScheduleNum, s.SchedDate, s]);
  return (await replaceRows<OdSchedule>(db, 'schedule', practiceId, range, rows)).length > 0;
}

/** As replaceMirrorSchedules, for the appointments of the dates [from, to]: what changed, before and after. */
export function replaceMirrorAppointments(
  db: Queryable,
  practiceId: string,
  range: { from: string; to: string },
  appointments: OdAppointment[],
): Promise<AppointmentChange[]> {
  const rows = appointments.map((a) => [a.AptNum, a.AptDateTime.slice(0, 10), a]);
  return replaceRows<OdAppointment>(db, 'appointment', practiceId, range, rows);
}

/**
 * Rows of `$4` written where they differ from the mirror's (only those dated in [$2, $3] unless `$2` is null): the
 * row as it was (read in the statement's own snapshot, before the write) and as written. `before` is materialized:
 * inlined into the join, it was scanned once per row written, and a first fill slowed month by month.
 */
const UPSERT_SQL = `
  with incoming as (
    select (r->>0)::bigint as num, (r->>1)::date as row_date, r->2 as data from jsonb_array_elements($4::jsonb) as r
     where $2::date is null or (r->>1)::date between $2::date and $3::date),
  before as materialized (
    select t.num, t.data from opendental_mirror_rows t
     where t.practice_id = $1 and t.kind = $5 and t.num = any(array(select num from incoming))),
  written as (
    insert into opendental_mirror_rows (practice_id, kind, num, row_date, data)
    select $1, $5, num, row_date, data from incoming
    on conflict (practice_id, kind, num) do update set row_date = excluded.row_date, data = excluded.data
      where opendental_mirror_rows.data is distinct from excluded.data
    returning num, data)
  select w.num, b.data as before, w.data as after from written w left join before b on b.num = w.num`;

/** Appointments changed since the last poll (DateTStamp): added or updated, wherever they now are. */
export async function upsertMirrorAppointments(
  db: Queryable,
  practiceId: string,
  appointments: OdAppointment[],
): Promise<AppointmentChange[]> {
  if (appointments.length === 0) return [];
  const rows = appointments.map((a) => [a.AptNum, a.AptDateTime.slice(0, 10), a]);
  return toChanges(await db.query(UPSERT_SQL, [practiceId, null, null, JSON.stringify(rows), 'appointment']));
}

async function replaceRows<T>(
  db: Queryable,
  kind: 'schedule' | 'appointment',
  practiceId: string,
  range: { from: string; to: string },
  rows: unknown[][],
): Promise<MirrorRowChange<T>[]> {
  const params = [practiceId, range.from, range.to, JSON.stringify(rows), kind];
  const gone = await db.query<{ num: string | number; before: T }>(
    `delete from opendental_mirror_rows t where practice_id = $1 and kind = $5
       and row_date between $2::date and $3::date
       and not exists (select 1 from jsonb_array_elements($4::jsonb) as r where (r->>0)::bigint = t.num)
     returning num, data as before`,
    params,
  );
  const written = await db.query<{ num: string | number; before: T | null; after: T }>(UPSERT_SQL, params);
  return [...toChanges(gone.map((row) => ({ ...row, after: null }))), ...toChanges(written)];
}

function toChanges<T>(rows: { num: string | number; before: T | null; after: T | null }[]): MirrorRowChange<T>[] {
  return rows.map((row) => ({ num: Number(row.num), before: row.before ?? null, after: row.after ?? null }));
}

export async function markRangeRefreshed(db: Queryable, practiceId: string, month: string, at: Date): Promise<void> {
  await db.query(
    `insert into opendental_mirror_ranges (practice_id, month, refreshed_at) values ($1, $2, $3)
     on conflict (practice_id, month) do update set refreshed_at = $3, last_error = null`,
    [practiceId, month, at.toISOString()],
  );
}

/** The Open Dental practices of this deployment, with their customer keys. */
export async function listOpenDentalPractices(
  db: Queryable,
): Promise<{ id: string; customerKey: string; timeZone: string }[]> {
  const rows = await db.query<{ id: string; customer_key: string; server_tz: string }>(
    `select id, pms->>'customer_key' as customer_key, server_tz from practices
      where pms->>'type' = 'opendental' and pms->>'customer_key' is not null order by id`,
  );
  return rows.map((row) => ({ id: row.id, customerKey: row.customer_key, timeZone: row.server_tz }));
}

function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

export interface MirrorStatus {
  practiceId: string;
  formUrl: string;
  lastRefreshedAt: Date | null;
  lastError: string | null;
  staleAfterMinutes: number;
}

/** Every Open Dental practice's mirror (one practice's with `practiceId`), for the console and the health check. */
export async function listMirrorStatuses(db: Queryable, practiceId: string | null = null): Promise<MirrorStatus[]> {
  const rows = await db.query<{
    id: string;
    form_url: string;
    last_refreshed_at: Date | null;
    last_error: string | null;
    stale_after: number;
  }>(
    `select p.id, p.form_url, s.last_refreshed_at, s.last_error, p.opendental_stale_after_minutes as stale_after
       from practices p left join opendental_mirror_state s on s.practice_id = p.id
      where p.pms->>'type' = 'opendental' and ($1::uuid is null or p.id = $1::uuid)
      order by p.form_url`,
    [practiceId],
  );
  return rows.map((row) => ({
    practiceId: row.id,
    formUrl: row.form_url,
    lastRefreshedAt: toDate(row.last_refreshed_at),
    lastError: row.last_error,
    staleAfterMinutes: row.stale_after,
  }));
}
