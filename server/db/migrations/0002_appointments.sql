-- Appointments and payment holds. Active ones (booked or awaiting payment) of one provider, or
-- in one operatory, never overlap: the exclusion constraints are the last word on double booking.
create table appointments (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  reason_id uuid references reasons_for_visit (id),
  pms_prov_num integer not null,
  pms_op_num integer not null,
  pms_clinic_num integer,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null check (status in ('booked', 'pending_payment', 'cancelled', 'expired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at),
  constraint appointments_no_provider_overlap exclude using gist (
    practice_id with =, pms_prov_num with =, tstzrange(starts_at, ends_at, '[)') with &&
  ) where (status in ('booked', 'pending_payment')),
  constraint appointments_no_operatory_overlap exclude using gist (
    practice_id with =, pms_op_num with =, tstzrange(starts_at, ends_at, '[)') with &&
  ) where (status in ('booked', 'pending_payment'))
);
create index appointments_practice_time_idx on appointments (practice_id, starts_at) where status in ('booked', 'pending_payment');
