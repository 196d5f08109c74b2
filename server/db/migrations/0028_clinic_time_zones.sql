-- A clinic may keep its own wall clock (ADR 0061): an IANA name, or null for the practice's server_tz.
alter table clinics add column time_zone text;
