-- What a change says besides its before and after (ADR 0069, amended): a cancellation's reason and refund, a move's
-- wall times, the status an undone mark went back to. The console's history reads it.
alter table booking_events add column if not exists detail jsonb;

-- Bookings made before events were kept (migration 0032) get the events their stamps tell: booked, confirmed, moved,
-- arrived, no-show, cancelled (each stamp is the last of its kind, which is what the history showed; at one time, in that order). Staff are named
-- from their audit row of the same action (within a minute), as the history did. Only what happened before the
-- booking's first recorded event is back-filled, and it is numbered up to 0, so recorded events keep their numbers
-- (their subscriber jobs are keyed by them) and the next one is 1 or more. Re-running adds nothing.
with old as (
  select a.*, (select min(e.created_at) from booking_events e where e.booking_id = a.id) as first_recorded
    from appointments a
   where not exists (select 1 from booking_events e where e.booking_id = a.id and e.type = 'booking.created')
),
stamps as (
  select id, practice_id, first_recorded, created_at as at, 0 as rank, 'booking.created' as type,
         'appointment.create' as action, 'patient' as kind, null::jsonb as detail from old
  union all
  select id, practice_id, first_recorded, confirmed_at, 1, 'booking.confirmed', 'appointment.confirm', 'patient', null
    from old where confirmed_at is not null
  union all
  select id, practice_id, first_recorded, rescheduled_at, 2, 'booking.rescheduled', 'appointment.reschedule', 'patient',
         null from old where rescheduled_at is not null
  union all
  select id, practice_id, first_recorded, arrived_at, 3, 'booking.arrived', 'appointment.arrived', 'system', null
    from old where arrived_at is not null
  union all
  select id, practice_id, first_recorded, no_show_at, 4, 'booking.no_show', 'appointment.no_show', 'system', null
    from old where no_show_at is not null
  union all
  select id, practice_id, first_recorded, cancelled_at, 5, 'booking.cancelled', 'appointment.cancel',
         coalesce(cancelled_by, 'system'),
         case when cancel_reason is not null then jsonb_build_object('reason', cancel_reason) end
    from old where cancelled_at is not null
),
named as (
  select s.*, (select jsonb_build_object('email', au.account_email, 'details', au.details) from staff_audit au
                where au.target_type = 'appointment' and au.target_id = s.id::text and au.action = s.action
                  and abs(extract(epoch from au.at - s.at)) < 60 order by au.at limit 1) as staff
    from stamps s
   where s.first_recorded is null or s.at < s.first_recorded
)
insert into booking_events (booking_id, practice_id, sequence, type, actor, detail, created_at)
select id, practice_id, 1 - row_number() over (partition by id order by at desc, rank desc), type,
       case when staff is not null then jsonb_build_object('kind', 'staff', 'email', staff ->> 'email')
            when kind = 'staff' then jsonb_build_object('kind', 'system')
            else jsonb_build_object('kind', kind) end,
       case when type = 'booking.rescheduled' and staff -> 'details' ? 'from'
              then jsonb_build_object('from', staff -> 'details' -> 'from', 'to', staff -> 'details' -> 'to')
            when type = 'booking.cancelled' and (staff -> 'details' ->> 'refund_cents') is not null
              then coalesce(detail, '{}') || jsonb_build_object('refund_cents', (staff -> 'details' -> 'refund_cents'))
            else detail end,
       at
  from named;
