-- A request without a time can be cancelled (the patient withdraws it from its manage link, or the
-- staff console cancels it, ADR 0059): a cancelled booking may have no time. A request still never
-- has one, and every other status still has one.
alter table appointments drop constraint appointments_time_presence_check;
alter table appointments add constraint appointments_time_presence_check
  check ((starts_at is null) = (ends_at is null)
     and (status <> 'requested' or starts_at is null)
     and (status in ('requested', 'cancelled') or starts_at is not null));
