-- Settings edited from the console (ADR 0079): each practice counts its saved changes, so a console or a
-- practice file working from an older copy is refused instead of silently undoing a newer change.
alter table practices add column settings_version integer not null default 0 check (settings_version >= 0);

-- One row per saved change: who, when, and each changed JSON path of the practice file with its
-- before and after. Owners read it in the console; nothing in the product updates or deletes a row.
-- Imports of a file without a version keep the version (ADR 0079), so the row's order is its identity.
create table practice_settings_changes (
  id bigint generated always as identity primary key,
  practice_id uuid not null references practices (id) on delete cascade,
  version integer not null,
  at timestamptz not null,
  by_who text not null,
  changes jsonb not null check (jsonb_typeof(changes) = 'array')
);
create index practice_settings_changes_practice_idx on practice_settings_changes (practice_id, id);
