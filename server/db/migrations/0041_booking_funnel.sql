-- The booking funnel (ADR 0080). Nothing here names a person: a random visit id, the practice, the tracking
-- parameters' source and campaign, a device class, the steps and their times. No IP address, no user agent.

-- Every event the booking page sent, kept 13 months (the funnel sweep deletes older ones).
create table funnel_events (
  id bigserial primary key,
  practice_id uuid not null references practices (id) on delete cascade,
  visit_id uuid not null,
  type text not null,
  step text,
  at timestamptz not null,
  ms integer check (ms >= 0),
  received_at timestamptz not null
);
create index funnel_events_received_idx on funnel_events (received_at);
create index funnel_events_visit_idx on funnel_events (visit_id);

-- One row per visit: what the daily totals need to count each visit once (its day, its steps so far, the step it
-- is on) and the seconds it took to book. Kept as long as its events.
create table funnel_visits (
  visit_id uuid primary key,
  practice_id uuid not null references practices (id) on delete cascade,
  day date not null,
  source text not null default '',
  campaign text not null default '',
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  first_at timestamptz not null,
  steps text[] not null default '{}',
  last_step text,
  booked_seconds integer check (booked_seconds >= 0),
  last_seen_at timestamptz not null
);
create index funnel_visits_practice_day_idx on funnel_visits (practice_id, day);
create index funnel_visits_last_seen_idx on funnel_visits (last_seen_at);

-- Totals per practice, day (the practice's, of the visit's first event), source, campaign and step: 'visits' counts
-- visits; any other step the visits that reached it (`reached`) and those whose last step it is so far (`left`).
-- Kept after the events are swept: they name no visit.
create table funnel_daily (
  practice_id uuid not null references practices (id) on delete cascade,
  day date not null,
  source text not null,
  campaign text not null,
  step text not null,
  reached integer not null default 0 check (reached >= 0),
  -- No check here: a visit moving on adds -1 to its old step through an upsert, whose proposed row is checked too.
  "left" integer not null default 0,
  primary key (practice_id, day, source, campaign, step)
);
