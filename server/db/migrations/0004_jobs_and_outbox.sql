-- Background work and outgoing messages (ADR 0010).
-- A job is claimed with FOR UPDATE SKIP LOCKED, so several processes share this table; a claim is
-- a lease (locked_until) that another worker may take over once it expires.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  type text not null,
  payload jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  -- Counted when a worker claims the job, so a job that crashes its worker still runs out of tries.
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 8 check (max_attempts > 0),
  -- Null means "as soon as a worker polls". Workers compare run_at with their own clock, not now(),
  -- so a default of now() would sit in the future of a test clock set in the past.
  run_at timestamptz,
  locked_until timestamptz,
  last_error text,
  dedupe_key text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The claim scans only unfinished rows.
create index jobs_queued_idx on jobs (run_at nulls first, created_at) where status = 'queued';
create index jobs_running_idx on jobs (locked_until) where status = 'running';

-- What the outbox adapters "sent": read by the /_dev/outbox pages and end-to-end tests.
create table outbox_messages (
  id uuid primary key default gen_random_uuid(),
  -- Insertion order: messages written in one transaction share now(), and "newest first" must
  -- still be exact (end-to-end tests read the latest one-time code).
  seq bigint generated always as identity unique,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  text text not null,
  html text,
  attachments jsonb not null default '[]',
  idempotency_key text not null unique,
  created_at timestamptz not null default now(),
  check ((channel = 'sms') = (subject is null))
);
