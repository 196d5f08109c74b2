-- One row per Open Dental office (customer key) that processes sharing a PostgreSQL database take turns on
-- (ADR 0071, amended): Open Dental allows one request at a time per office, and one start a second. The process
-- holding the row sends; the others wait until it has let go and `next_start_at` has come. `held_until` ends a
-- turn its process did not end (it stopped): later than any request of it can still run at Open Dental (60 s).
-- `claimed_by` is the process waiting longest, so that the holder cannot take turn after turn. Times are the
-- database's clock, which every process reads alike. PGlite is one process's database (ADR 0065) and never
-- writes here: its turns are kept in memory.
create table opendental_office_gates (
  customer_key text primary key,
  holder text,
  held_until timestamptz,
  next_start_at timestamptz not null default 'epoch',
  claimed_by text,
  claimed_until timestamptz
);
