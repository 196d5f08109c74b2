-- Patients, the booking details of appointments, idempotent submissions and used bot challenges.

create table patients (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  dob date not null,
  email text,
  wireless_phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One patient per practice, name (any case) and birth date: the spec's patient check matches so.
create unique index patients_identity_idx on patients (practice_id, lower(first_name), lower(last_name), dob);

-- A booking without a time ("Proceed Without Slots") is a request the office schedules by phone.
alter table appointments drop constraint appointments_status_check;
alter table appointments add constraint appointments_status_check
  check (status in ('booked', 'pending_payment', 'requested', 'cancelled', 'expired'));
alter table appointments alter column starts_at drop not null;
alter table appointments alter column ends_at drop not null;
alter table appointments add constraint appointments_time_presence_check
  check ((status = 'requested') = (starts_at is null) and (starts_at is null) = (ends_at is null));

alter table appointments
  add column patient_id uuid references patients (id),
  add column patient_status text,
  add column is_patient boolean not null default true,
  add column booker_first_name text,
  add column booker_last_name text,
  add column booker_dob date,
  add column email text,
  add column wireless_phone text,
  add column user_message text,
  add column message text,
  add column is_concented boolean not null default false,
  add column consented_at timestamptz,
  add column client_ip text,
  add column referrer_id text,
  add column source_meta jsonb,
  add column utm_details jsonb,
  add column user_meta jsonb,
  add column fingerprint text,
  add column has_insurance boolean not null default false,
  add column insurance_details jsonb;

-- A retried submission (same Idempotency-Key) gets the first answer instead of a second booking.
create table idempotency_keys (
  key text primary key,
  request_hash text not null,
  response_status integer not null,
  response_body jsonb not null,
  created_at timestamptz not null default now()
);

-- A bot-challenge solution is good for one booking only.
create table used_bot_challenges (
  signature text primary key,
  expires_at timestamptz not null
);

-- Secrets generated once per deployment (shared by every process on one database).
create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
