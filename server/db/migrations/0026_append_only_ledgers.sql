-- Append-only ledgers that hold against TRUNCATE too (ADR 0043). Row triggers never see a
-- TRUNCATE, and the role the app connects as owns its tables, so no privilege can refuse it:
-- a statement trigger does, on the staff audit trail and on the consent ledger.

create trigger staff_audit_no_truncate before truncate on staff_audit
  for each statement execute function staff_audit_is_append_only();

-- The consent ledger (ADR 0053): an opt-out is a new row, the newest decides, and nothing in the
-- product updates or deletes a row. The one change allowed is its foreign key's own: deleting a
-- booking clears the row's link to it ("on delete set null", run from the key's trigger, hence
-- depth 2) and keeps the rest. Deleting a practice would cascade into the ledger, so it is refused
-- while the practice has consent rows.
create function contact_consents_is_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and pg_trigger_depth() > 1 and old.appointment_id is not null and new.appointment_id is null
     and (to_jsonb(new) - 'appointment_id') = (to_jsonb(old) - 'appointment_id') then
    return new;
  end if;
  raise exception 'contact_consents is append-only';
end
$$;
create trigger contact_consents_append_only before update or delete on contact_consents
  for each row execute function contact_consents_is_append_only();
create trigger contact_consents_no_truncate before truncate on contact_consents
  for each statement execute function contact_consents_is_append_only();
