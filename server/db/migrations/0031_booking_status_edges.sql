-- A booking's status moves only along the edges the domain declares (ADR 0068): the table below is
-- domain/booking/booking-lifecycle.ts's DECLARED_EDGES (a test compares the two), and the trigger refuses any other
-- move, so a code path that writes a status by itself fails loudly instead of writing a forbidden state.
create table booking_status_edges (
  from_status text not null,
  to_status text not null,
  primary key (from_status, to_status)
);

insert into booking_status_edges (from_status, to_status) values
  ('requested', 'booked'),
  ('requested', 'cancelled'),
  ('pending_payment', 'booked'),
  ('pending_payment', 'cancelled'),
  ('pending_payment', 'expired'),
  ('pending_payment', 'refunded'),
  ('booked', 'confirmed'),
  ('booked', 'arrived'),
  ('booked', 'no_show'),
  ('booked', 'cancelled'),
  ('booked', 'refunded'),
  ('confirmed', 'booked'),
  ('confirmed', 'arrived'),
  ('confirmed', 'no_show'),
  ('confirmed', 'cancelled'),
  ('confirmed', 'refunded'),
  ('arrived', 'booked'),
  ('arrived', 'confirmed'),
  ('arrived', 'no_show'),
  ('no_show', 'booked'),
  ('no_show', 'confirmed'),
  ('no_show', 'arrived'),
  ('cancelled', 'refunded'),
  ('expired', 'booked'),
  ('expired', 'refunded');

create function appointments_refuse_undeclared_edge() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from booking_status_edges where from_status = old.status and to_status = new.status) then
    raise exception 'booking status % -> % is not a declared edge (ADR 0068)', old.status, new.status
      using errcode = 'BK001';
  end if;
  return new;
end
$$;

create trigger appointments_declared_edges before update of status on appointments
  for each row when (old.status is distinct from new.status)
  execute function appointments_refuse_undeclared_edge();
