-- One row for every change to a booking, and for every practice-level change that opens or closes times (ADR 0069),
-- written in the change's own transaction. `sequence` counts a booking's events from 1: the writer holds the
-- booking's row lock, so two changes of one booking never take the same number. Practice-level events (no booking)
-- have none. Before and after hold the status, time, provider and chair the change left.
create table booking_events (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid references appointments (id) on delete cascade,
  practice_id uuid not null references practices (id) on delete cascade,
  sequence integer,
  type text not null,
  actor jsonb not null,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now(),
  constraint booking_events_sequence_check check ((booking_id is null) = (sequence is null)),
  unique (booking_id, sequence)
);
create index booking_events_practice_idx on booking_events (practice_id, created_at);
