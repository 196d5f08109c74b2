-- A closure may repeat on its month and day every year from its date on (ADR 0084): Christmas Day once.
alter table closures add column yearly boolean not null default false;
-- The rules refuse a yearly 29 February: three years in four would have no such day.
alter table closures add constraint closures_yearly_day_check
  check (not yearly or extract(month from date) <> 2 or extract(day from date) <> 29);
