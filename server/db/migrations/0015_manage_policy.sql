-- What a patient may do to their own booking from its manage link (ADR 0036): the
-- practice's policy, top-level keys of the practice file with the defaults of manage-policy.ts.
alter table practices
  add column reschedule_cutoff_hours integer not null default 24 check (reschedule_cutoff_hours between 0 and 720),
  add column cancel_cutoff_hours integer not null default 24 check (cancel_cutoff_hours between 0 and 720),
  add column max_reschedules integer not null default 2 check (max_reschedules between 0 and 20),
  add column refund_deposit_if_cancelled_hours_before integer not null default 48
    check (refund_deposit_if_cancelled_hours_before between 0 and 720);

-- How the patient's cancellation was settled: the refund a cancel gave (cents), once.
alter table appointments add column refund_cents integer check (refund_cents >= 0);
