-- Card payments for paid reasons: the appointment is held (pending_payment) while the patient is
-- at checkout; completion, cancellation, expiry and refunds are recorded on it.
alter table appointments
  add column payment_status text check (payment_status in ('pending', 'paid', 'unpaid', 'refund_pending', 'refunded')),
  add column amount_cents integer check (amount_cents >= 0),
  add column payment_session_id text unique,
  add column payment_provider text check (payment_provider in ('stripe', 'local')),
  add column payment_intent_id text,
  add column hold_expires_at timestamptz,
  add column paid_at timestamptz;

alter table appointments drop constraint appointments_status_check;
alter table appointments add constraint appointments_status_check
  check (status in ('booked', 'pending_payment', 'requested', 'cancelled', 'expired', 'refunded'));
alter table appointments drop constraint appointments_time_presence_check;
alter table appointments add constraint appointments_time_presence_check
  check ((status = 'requested') = (starts_at is null) and (starts_at is null) = (ends_at is null));

create index appointments_hold_expiry_idx on appointments (hold_expires_at) where status = 'pending_payment';

-- Each provider event is applied once: its id is recorded in the transaction that applies it.
create table processed_payment_events (
  event_id text primary key,
  type text not null,
  processed_at timestamptz not null default now()
);

-- The local test checkout (no Stripe account): what a Checkout Session would hold.
create table local_checkout_sessions (
  id text primary key,
  appointment_id uuid not null references appointments (id),
  amount_cents integer not null,
  description text not null,
  success_url text not null,
  cancel_url text not null,
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  payment_status text not null default 'unpaid' check (payment_status in ('paid', 'unpaid')),
  refunded boolean not null default false,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
