-- Bookings written to the practice's Open Dental (ADR 0050). Our row is the record; these columns
-- say whether the write job has put it into Open Dental yet, and what Open Dental calls it there.
alter table appointments
  add column pms_write_status text check (pms_write_status in ('pending', 'written', 'failed', 'skipped')),
  add column pms_apt_num bigint,
  add column pms_pat_num bigint,
  add column pms_write_error text,
  add column pms_written_at timestamptz;

-- Operators look for bookings that are not (yet) in the office's system.
create index appointments_pms_write_idx on appointments (practice_id, pms_write_status)
  where pms_write_status in ('pending', 'failed');
