-- Reminders and confirmations (ADR 0037): each practice's rules and quiet hours, the
-- delivery of every message, confirmations and opt-outs by reply, and unsubscribe links.

-- The practice file's keys, with the defaults of domain/reminders/reminder-schedule.ts.
alter table practices
  add column reminder_rules jsonb not null default '[{"before_hours": 48, "channels": ["email"]}, {"before_hours": 24, "channels": ["text"]}]',
  add column quiet_hours jsonb not null default '{"start": "20:00", "end": "08:00"}',
  -- Whether a reminder names the reason for the visit (a lock screen is public): off by default.
  add column reminders_show_reason boolean not null default false;

-- Every message queued, one row per channel and idempotency key, from queued to what the provider
-- last said: sent, delivered, undelivered or failed (with its error code); skipped when it was not
-- sent on purpose (an opt-out). `handoff_at` marks an attempt in progress: a retry that finds it
-- set knows a crashed attempt may have reached the provider.
create table message_deliveries (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'sms')),
  idempotency_key text not null,
  -- The key's prefix: booking-confirmation, reminder, review-request, ...
  kind text not null check (char_length(kind) between 1 and 60),
  practice_id uuid references practices (id) on delete cascade,
  appointment_id uuid references appointments (id) on delete set null,
  recipient text not null,
  status text not null check (status in ('queued', 'sent', 'delivered', 'undelivered', 'failed', 'skipped')),
  provider_message_id text,
  error_code text check (char_length(error_code) <= 40),
  error text check (char_length(error) <= 500),
  handoff_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (channel, idempotency_key)
);
create unique index message_deliveries_provider_idx on message_deliveries (channel, provider_message_id) where provider_message_id is not null;
create index message_deliveries_appointment_idx on message_deliveries (appointment_id, created_at) where appointment_id is not null;

-- A reply of C, YES, SI, ... confirms; the unsubscribe link of an e-mail is a consent source.
alter table inbound_texts drop constraint inbound_texts_kind_check;
alter table inbound_texts add constraint inbound_texts_kind_check check (kind in ('opt_out', 'opt_in', 'help', 'confirm', 'reply'));
alter table contact_consents drop constraint contact_consents_source_check;
alter table contact_consents add constraint contact_consents_source_check check (source in ('booking_form', 'verification_step', 'sms_reply', 'manage_page', 'staff', 'unsubscribe_link'));
alter table booking_links drop constraint booking_links_purpose_check;
alter table booking_links add constraint booking_links_purpose_check check (purpose in ('manage', 'unsubscribe'));

-- The local outbox keeps an e-mail's extra headers (List-Unsubscribe), as a provider would get them.
alter table outbox_messages add column headers jsonb not null default '{}';
