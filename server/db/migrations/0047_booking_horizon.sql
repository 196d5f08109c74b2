-- How many months after the current one patients may book (ADR 0079): the spec's 11 at most, and by default.
alter table practices
  add column booking_horizon_months integer not null default 11
    check (booking_horizon_months between 1 and 11);
