-- The Open Dental mirror (ADR 0071): what the slot rules read of an office (its provider schedules,
-- blockouts, practice days off and appointments) kept per practice over the booking horizon, so that
-- a patient's slot list never waits on Open Dental. Rows are Open Dental's own, as parsed (jsonb).
-- kind: 'schedule' (num = ScheduleNum, row_date = SchedDate) or 'appointment' (num = AptNum, row_date = its date).
create table opendental_mirror_rows (
  practice_id uuid not null references practices (id) on delete cascade,
  kind text not null check (kind in ('schedule', 'appointment')),
  num bigint not null,
  row_date date not null,
  data jsonb not null,
  primary key (practice_id, kind, num)
);
create index opendental_mirror_rows_date_idx on opendental_mirror_rows (practice_id, kind, row_date);

-- One row per calendar month of the horizon: filled once refreshed_at is set, re-read whole in rotation.
create table opendental_mirror_ranges (
  practice_id uuid not null references practices (id) on delete cascade,
  month text not null check (month ~ '^\d{4}-\d{2}$'),
  refreshed_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  primary key (practice_id, month)
);

-- The office's sync: the DateTStamp of the next appointments poll (Open Dental's serverDateTime), the
-- last refresh that succeeded, the last error, and the lease that lets one process at a time sync it.
create table opendental_mirror_state (
  practice_id uuid primary key references practices (id) on delete cascade,
  appointments_stamp text,
  last_refreshed_at timestamptz,
  last_error text,
  -- What the booking page is told while there is no mirror: connector_down, version or unreachable.
  last_error_reason text,
  last_error_at timestamptz,
  lease_owner text,
  lease_until timestamptz
);

-- How old a mirror may be before the slot list says it may not be current (ADR 0071).
alter table practices
  add column opendental_stale_after_minutes integer not null default 15
    check (opendental_stale_after_minutes between 1 and 1440);
