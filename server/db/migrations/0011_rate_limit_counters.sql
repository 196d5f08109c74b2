-- Per-client rate-limit counters, shared by every server process on one database (ADR 0019).
-- One row per route and client address: the count of requests in the current fixed window.
create table rate_limit_counters (
  key text primary key,
  count integer not null,
  window_ends_at timestamptz not null
);
create index rate_limit_counters_window_ends_at on rate_limit_counters (window_ends_at);
