-- A patient's text that is not a keyword belongs to a booking (ADR 0066): the one of that number at the
-- practice, so the console shows it there and the office's e-mail names the patient and the reference.
alter table inbound_texts
  add column appointment_id uuid references appointments (id) on delete set null;
create index inbound_texts_appointment_idx on inbound_texts (appointment_id) where appointment_id is not null;
