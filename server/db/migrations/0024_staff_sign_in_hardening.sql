-- The last TOTP time step an account used (RFC 6238 §5.2, ADR 0040): a code of that step or an
-- earlier one is refused, so a code read over someone's shoulder or replayed works no second time.
alter table staff_accounts add column totp_last_step bigint;

-- An owner's invitation of an address that already has an account elsewhere (ADR 0040). E-mails are
-- unique across the deployment, so no account can be made; the practice lists the invitation like
-- any invited member who has not set a password, and the address's holder is told by e-mail. The
-- owner's answer is the same either way, so an invitation tells no owner which addresses exist.
create table staff_invitations (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  name text check (char_length(name) <= 120),
  role text not null check (role in ('owner', 'front_desk')),
  deactivated_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (practice_id, email)
);
