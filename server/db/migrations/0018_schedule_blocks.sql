-- Blocked time on the built-in schedule (ADR 0059): staff take a provider, a chair, or the whole
-- practice (or one clinic of it) out of what the slot engine offers, for a meeting or an emergency.
-- Instants, not wall times: a block is drawn on the schedule and cut from slots exactly as entered,
-- whatever the zone does later. Bookings a block overlaps stay; they are only counted in the answer.
create table schedule_blocks (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  -- At most one of the two: a provider wherever they work, or a chair whoever works in it; neither
  -- blocks every schedule (of the clinic, when one is given).
  pms_prov_num integer,
  pms_op_num integer,
  pms_clinic_num integer,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  label text check (char_length(label) <= 120),
  created_by uuid references staff_accounts (id) on delete set null,
  created_at timestamptz not null,
  check (ends_at > starts_at),
  check (pms_prov_num is null or pms_op_num is null)
);
-- The slot engine reads a practice's blocks overlapping a range of days.
create index schedule_blocks_practice_time_idx on schedule_blocks (practice_id, ends_at, starts_at);
