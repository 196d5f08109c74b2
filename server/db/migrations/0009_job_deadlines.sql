-- Jobs that carry a secret (a one-time code) and are worthless after a time (ADR 0010, ADR 0012).
-- expires_at: no attempt starts at or after it; a job still unfinished then fails ("expired").
-- secret_keys: top-level payload keys removed once the job is done or failed, so the secret
-- does not stay in the table.
alter table jobs add column expires_at timestamptz;
alter table jobs add column secret_keys text[] not null default '{}';
