-- One-time codes for contact verification (ADR 0012).

-- One live code per practice, recipient and purpose: a resend replaces it, a successful check
-- deletes it. Only a keyed hash of the code is kept (HMAC over practice, purpose, recipient and code).
create table verification_codes (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  purpose text not null check (purpose in ('booking')),
  -- Normalised: lower-case e-mail or E.164 phone.
  recipient text not null,
  channel text not null check (channel in ('email', 'sms')),
  code_hash text not null,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  expires_at timestamptz not null,
  created_at timestamptz not null,
  unique (practice_id, recipient, purpose)
);
create index verification_codes_expires_idx on verification_codes (expires_at);

-- Every code sent, per recipient whatever the practice: the resend cooldown and the 10-minute and
-- daily caps are counted here, so they hold across processes. Rows older than a day are pruned.
create table verification_sends (
  id bigint generated always as identity primary key,
  recipient text not null,
  sent_at timestamptz not null
);
create index verification_sends_recipient_idx on verification_sends (recipient, sent_at);
create index verification_sends_sent_at_idx on verification_sends (sent_at);
