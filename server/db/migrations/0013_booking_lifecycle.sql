-- One model for a booking's whole life (ADR 0033, split into 0051-0055): statuses and what they mean for the schedule,
-- the facts kept beside them, a stable reference, the patient's language, links later messages
-- carry, recorded consent, and who sends a practice's texts.

-- The status is the booking's one state. The four that hold their time are listed once, in
-- server/db/slot-holding.ts; a test reads this predicate back from the catalog and compares.
alter table appointments drop constraint appointments_status_check;
alter table appointments add constraint appointments_status_check check (status in (
  'requested', 'pending_payment', 'booked', 'confirmed', 'arrived', 'no_show', 'cancelled', 'expired', 'refunded'));
alter table appointments drop constraint appointments_no_provider_overlap;
alter table appointments drop constraint appointments_no_operatory_overlap;
alter table appointments add constraint appointments_no_provider_overlap exclude using gist (
  practice_id with =, pms_prov_num with =, tstzrange(starts_at, ends_at, '[)') with &&
) where (status in ('pending_payment', 'booked', 'confirmed', 'arrived'));
alter table appointments add constraint appointments_no_operatory_overlap exclude using gist (
  practice_id with =, pms_op_num with =, tstzrange(starts_at, ends_at, '[)') with &&
) where (status in ('pending_payment', 'booked', 'confirmed', 'arrived'));
drop index appointments_practice_time_idx;
create index appointments_practice_time_idx on appointments (practice_id, starts_at)
  where status in ('pending_payment', 'booked', 'confirmed', 'arrived');

-- Facts beside the status: when each step happened, and who ended the booking and why. A
-- reschedule moves the row in place (same id, reference and calendar UID) and counts itself,
-- the count being the calendar SEQUENCE.
alter table appointments
  add column reference text,
  add column language text not null default 'en' check (language in ('en', 'es')),
  add column confirmed_at timestamptz,
  add column arrived_at timestamptz,
  add column no_show_at timestamptz,
  add column cancelled_at timestamptz,
  add column cancelled_by text check (cancelled_by in ('patient', 'staff', 'system')),
  add column cancel_reason text check (char_length(cancel_reason) <= 500),
  add column rescheduled_at timestamptz,
  add column reschedule_count integer not null default 0 check (reschedule_count >= 0);
-- The reference patients read over the phone: 7 characters without look-alikes (no 0/O, 1/I/L,
-- 2/Z, 5/S, 8/B), about 6 billion per practice; the alphabet is REFERENCE_ALPHABET in
-- domain/booking/booking-reference.ts. Not a secret (the manage links are), so random() will do;
-- a clash with the practice's unique constraint is drawn again by the insert.
create function new_booking_reference() returns text language sql volatile as $$
  select string_agg(substr('ACDEFGHJKMNPQRTUVWXY34679', 1 + floor(random() * 25)::int, 1), '') from generate_series(1, 7)
$$;
update appointments set reference = new_booking_reference();
alter table appointments alter column reference set default new_booking_reference();
alter table appointments alter column reference set not null;
alter table appointments add constraint appointments_reference_check check (reference ~ '^[ACDEFGHJKMNPQRTUVWXY34679]{7}$');
alter table appointments add constraint appointments_practice_reference_key unique (practice_id, reference);

-- Links that messages carry (manage now; waitlist offers later). Only a SHA-256 of each token is
-- kept; a booking may have several live ones (one per message), each revocable, all revoked when
-- the booking ends.
create table booking_links (
  id uuid primary key default gen_random_uuid(),
  appointment_id uuid not null references appointments (id) on delete cascade,
  practice_id uuid not null references practices (id) on delete cascade,
  purpose text not null check (purpose in ('manage')),
  token_hash text not null unique,
  -- What carried it (a message kind such as 'confirmation' or 'reminder'), for support.
  carried_by text not null check (char_length(carried_by) between 1 and 60),
  created_at timestamptz not null,
  expires_at timestamptz,
  revoked_at timestamptz
);
create index booking_links_appointment_idx on booking_links (appointment_id) where revoked_at is null;

-- Consent to be contacted, one row per channel and decision: the booking's box covers e-mail and
-- text together, so it writes two rows; an opt-out later (a STOP reply, the manage page, staff) is
-- a row of its own. The newest row for a practice, channel and recipient decides.
create table contact_consents (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  appointment_id uuid references appointments (id) on delete set null,
  channel text not null check (channel in ('email', 'sms')),
  -- Normalised as the one-time codes are: lower-case e-mail, E.164 phone.
  recipient text not null,
  granted boolean not null,
  source text not null check (source in ('booking_form', 'verification_step', 'sms_reply', 'manage_page', 'staff')),
  -- The words the patient saw (or sent), as they were.
  words text not null check (char_length(words) <= 1000),
  ip text,
  recorded_at timestamptz not null,
  seq bigint generated always as identity unique
);
create index contact_consents_lookup_idx on contact_consents (practice_id, channel, recipient, seq desc);
create index contact_consents_appointment_idx on contact_consents (appointment_id) where appointment_id is not null;

-- Who sends a practice's texts: its own number (E.164) or Messaging Service SID, else TWILIO_FROM.
alter table practices add column sms_from text check (sms_from ~ '^(\+[1-9][0-9]{7,14}|MG[0-9a-fA-F]{32})$');

-- Every text sent, by practice, recipient and sender: a reply to a number several practices share
-- goes to the practice that last texted that patient from it.
create table sms_sends (
  id bigint generated always as identity primary key,
  practice_id uuid not null references practices (id) on delete cascade,
  recipient text not null,
  sender text not null,
  sent_at timestamptz not null
);
create index sms_sends_route_idx on sms_sends (sender, recipient, id desc);

-- Texts patients sent back, with the practice they were routed to (null: no practice found).
create table inbound_texts (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid references practices (id) on delete set null,
  from_number text not null,
  to_number text not null,
  body text not null check (char_length(body) <= 1600),
  kind text not null check (kind in ('opt_out', 'opt_in', 'help', 'reply')),
  provider_message_id text unique,
  received_at timestamptz not null
);
create index inbound_texts_practice_idx on inbound_texts (practice_id, received_at desc);
