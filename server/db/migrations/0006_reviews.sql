-- Review requests, private feedback and the automatic review-request setting (ADR 0013).

-- Hours after an appointment's end to send its review request; null: no automatic requests.
alter table practices add column review_request_delay_hours integer
  check (review_request_delay_hours between 0 and 720);

create table review_requests (
  -- The request_id of the tracking link and the feedback call: public, unguessable, not the token.
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  -- SHA-256 (hex) of the link token; the token itself is never stored.
  token_hash text not null unique,
  source text not null check (source in ('admin', 'automatic')),
  appointment_id uuid references appointments (id) on delete set null,
  patient_id uuid references patients (id) on delete set null,
  patient_first_name text not null,
  patient_last_name text not null,
  email text,
  wireless_phone text,
  sent_via text[] not null default '{}',
  click_count integer not null default 0 check (click_count >= 0),
  first_clicked_at timestamptz,
  last_clicked_at timestamptz,
  -- Written from the app's clock (not now()), so the 90-day rule follows a test clock too.
  created_at timestamptz not null
);
create index review_requests_patient_idx on review_requests (patient_id, created_at) where patient_id is not null;
create index review_requests_appointment_idx on review_requests (appointment_id) where appointment_id is not null;

-- One private feedback per request.
create table review_feedback (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null unique references review_requests (id) on delete cascade,
  feedback_category text not null,
  feedback_description text not null check (char_length(feedback_description) between 1 and 2000),
  created_at timestamptz not null
);

-- What the automatic sweep decided for each booked appointment, so it decides once.
create table review_request_decisions (
  appointment_id uuid primary key references appointments (id) on delete cascade,
  outcome text not null check (outcome in ('requested', 'skipped_recent_request', 'skipped_no_consented_contact')),
  review_request_id uuid references review_requests (id) on delete set null,
  decided_at timestamptz not null
);
