-- "Refresh from Open Dental" (ADR 0084) is recorded here for whichever process holds the mirror's lease: the click
-- may reach another process, and only the holder reads Open Dental (ADR 0071). Cleared when a pass takes it up.
alter table opendental_mirror_state add column refresh_requested_at timestamptz;
