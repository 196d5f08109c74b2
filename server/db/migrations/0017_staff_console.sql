-- The staff console (ADRs 0056-0058): accounts, their practices, sessions, sign-in failures,
-- trusted devices, one-time links and second factors, and the append-only audit trail.

-- Each practice's rules for its staff: idle minutes before a session ends (30, at most 12 hours),
-- whether a second factor is required, and the day view's columns.
alter table practices
  add column staff_idle_minutes integer not null default 30 check (staff_idle_minutes between 5 and 720),
  add column staff_requires_totp boolean not null default false,
  add column schedule_columns text not null default 'provider' check (schedule_columns in ('provider', 'chair'));

-- One row per person, e-mail unique across the deployment (signing in names no practice). Owners
-- and the front desk belong to one practice; operators to several (staff_memberships).
create table staff_accounts (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email) and char_length(email) between 3 and 254),
  name text check (char_length(name) <= 120),
  role text not null check (role in ('owner', 'front_desk', 'operator')),
  -- argon2id in its PHC string; null until the account's one-time link sets it.
  password_hash text,
  -- TOTP (RFC 6238): the secret being set up, then the one in use.
  totp_pending_secret text,
  totp_secret text,
  totp_enabled_at timestamptz,
  deactivated_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table staff_memberships (
  account_id uuid not null references staff_accounts (id) on delete cascade,
  practice_id uuid not null references practices (id) on delete cascade,
  created_at timestamptz not null,
  primary key (account_id, practice_id)
);
create index staff_memberships_practice_idx on staff_memberships (practice_id);

-- Recovery codes of the second factor: only hashes, each used once.
create table staff_recovery_codes (
  account_id uuid not null references staff_accounts (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (account_id, code_hash)
);

-- One-time links that set a password: an invitation (24 hours) or a reset (1 hour). Only hashes.
create table staff_password_links (
  token_hash text primary key,
  account_id uuid not null references staff_accounts (id) on delete cascade,
  purpose text not null check (purpose in ('invite', 'reset')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index staff_password_links_account_idx on staff_password_links (account_id) where used_at is null;

-- Server-side sessions behind the cookie's token (only its SHA-256 here). The session's practice
-- scopes every query; the CSRF token is sent back in a header with every change.
create table staff_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  account_id uuid not null references staff_accounts (id) on delete cascade,
  practice_id uuid not null references practices (id) on delete cascade,
  csrf_token text not null,
  ip text,
  user_agent text check (char_length(user_agent) <= 300),
  created_at timestamptz not null,
  last_active_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  ended_reason text check (ended_reason in ('signed_out', 'signed_out_everywhere', 'idle', 'expired', 'deactivated', 'password_changed', 'role_changed'))
);
create index staff_sessions_account_idx on staff_sessions (account_id) where ended_at is null;

-- Failed sign-ins, keyed by a hash of the e-mail typed (the same whether an account exists), for
-- the growing delays and the lockout of unknown devices.
create table staff_sign_in_failures (
  id bigint generated always as identity primary key,
  email_hash text not null,
  ip text not null,
  -- Set when the attempt came from a device that signed in to this account before.
  device_hash text,
  at timestamptz not null
);
create index staff_sign_in_failures_email_idx on staff_sign_in_failures (email_hash, at);
create index staff_sign_in_failures_ip_idx on staff_sign_in_failures (ip, at);

-- Devices that signed in to an account before (OWASP device cookies): the cookie's token hash.
-- One browser at a shared front desk may be trusted for several accounts.
create table staff_devices (
  device_hash text not null,
  account_id uuid not null references staff_accounts (id) on delete cascade,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  primary key (device_hash, account_id)
);

-- Who looked at or changed what, when and from where. Append-only: no foreign keys (the trail
-- outlives accounts), and a trigger refuses every update and delete.
create table staff_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  account_id uuid,
  account_email text not null,
  practice_id uuid,
  ip text,
  action text not null check (char_length(action) between 1 and 60),
  target_type text check (char_length(target_type) <= 40),
  target_id text check (char_length(target_id) <= 100),
  details jsonb not null default '{}'
);
create index staff_audit_practice_idx on staff_audit (practice_id, at desc);
create function staff_audit_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'staff_audit is append-only';
end
$$;
create trigger staff_audit_append_only before update or delete on staff_audit
  for each row execute function staff_audit_is_append_only();
