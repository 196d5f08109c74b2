-- A closure may close part of a day (ADR 0079): wall-clock bounds in the practice's zone, both or neither.
alter table closures add column start_time time, add column end_time time;
alter table closures add constraint closures_part_day_check
  check ((start_time is null) = (end_time is null) and (start_time is null or end_time > start_time));
