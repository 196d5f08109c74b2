-- A verification token books one appointment (ADR 0012). The booking that commits with
-- a token records the token's hash here, in its own transaction; a second booking with it finds
-- the row and is refused. A payment hold only remembers the hash on its appointment: the token is
-- spent when the payment completes, so an abandoned checkout leaves it usable.
create table verification_token_uses (
  token_hash text primary key,
  appointment_id uuid not null references appointments (id) on delete cascade,
  spent_at timestamptz not null default now()
);

alter table appointments add column verification_token_hash text;
