-- Practices and everything the booking form needs to offer slots from the built-in schedule.
create extension if not exists btree_gist;

create table practices (
  id uuid primary key default gen_random_uuid(),
  form_url text not null unique check (form_url ~ '^[a-z0-9-]{2,64}$'),
  name text not null,
  description text,
  logo text,
  address_line1 text,
  display_address text,
  street_address text,
  city text,
  state text,
  zipcode text,
  phone text,
  server_tz text not null,
  min_hours_before_booking integer not null default 0 check (min_hours_before_booking >= 0),
  is_accepting_patients boolean not null default true,
  clinic_set_up boolean not null default false,
  to_show_insurances boolean not null default false,
  to_verify_patient boolean not null default false,
  to_redirect boolean not null default false,
  redirection_delay integer not null default 0 check (redirection_delay >= 0),
  redirection_url text,
  ref_redirection_url text,
  optional_insurance_fields text[] not null default '{}',
  insurances jsonb not null default '[]',
  accept_other_insurance boolean not null default false,
  show_out_of_network_insurance_message boolean not null default false,
  show_other_insurance_message boolean not null default false,
  out_of_network_insurance_message text,
  other_insurance_message text,
  no_insurance_message text,
  info_for_patient text,
  info_for_paid_patient text,
  form_customization jsonb not null,
  slot_interval_minutes integer not null default 15 check (slot_interval_minutes > 0),
  google_review_url text,
  notification_email text,
  pms jsonb not null default '{"type": "builtin"}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table clinics (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  pms_clinic_num integer not null check (pms_clinic_num > 0),
  display_name text,
  pms_abbr text,
  display_location text,
  pms_city text,
  display_address text,
  pms_address1 text,
  display_phone text,
  pms_state text,
  pms_zip text,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  unique (practice_id, pms_clinic_num)
);

create table providers (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  pms_prov_num integer not null check (pms_prov_num > 0), -- 0 is the earliest-available pseudo-provider
  provider_display_name text,
  provider_first_name text,
  provider_last_name text,
  profile_pic text,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  unique (practice_id, pms_prov_num)
);

create table operatories (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  pms_op_num integer not null check (pms_op_num > 0),
  name text not null,
  pms_clinic_num integer,
  is_active boolean not null default true,
  unique (practice_id, pms_op_num)
);

-- Reasons have no number in the file, so the import keys them by name within a practice.
create table reasons_for_visit (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  name text not null,
  final_duration integer not null default 60 check (final_duration > 0),
  amount_cents integer not null default 0 check (amount_cents >= 0),
  for_new_patients boolean not null default true,
  for_returning_patients boolean not null default true,
  is_active boolean not null default true,
  is_payment_enabled boolean not null default false,
  to_show_providers boolean not null default false,
  sort_order integer not null default 0,
  unique (practice_id, name)
);

-- Empty sets mean "every provider" and "every clinic".
create table reason_providers (
  reason_id uuid not null references reasons_for_visit (id) on delete cascade,
  pms_prov_num integer not null,
  primary key (reason_id, pms_prov_num)
);

create table reason_clinics (
  reason_id uuid not null references reasons_for_visit (id) on delete cascade,
  pms_clinic_num integer not null,
  primary key (reason_id, pms_clinic_num)
);

-- Wall-clock times in the practice's server_tz; breaks are [{start, end}] "HH:mm" pairs.
create table schedules (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  pms_prov_num integer not null,
  pms_op_num integer not null,
  pms_clinic_num integer,
  weekdays integer[] not null,
  start_time time not null,
  end_time time not null,
  breaks jsonb not null default '[]',
  check (end_time > start_time)
);
create index schedules_practice_idx on schedules (practice_id);

create table closures (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  date date not null,
  name text,
  unique (practice_id, date)
);

-- Local wall-clock bounds (timestamp without time zone), as the configuration file gives them.
create table provider_time_off (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  pms_prov_num integer not null,
  starts_at timestamp not null,
  ends_at timestamp not null,
  check (ends_at > starts_at)
);
create index provider_time_off_practice_idx on provider_time_off (practice_id);
