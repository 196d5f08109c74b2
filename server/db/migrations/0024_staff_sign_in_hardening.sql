-- The last TOTP time step an account used (RFC 6238 §5.2, ADR 0040): a code of that step or an
-- earlier one is refused, so a code read over someone's shoulder or replayed works no second time.
alter table staff_accounts add column totp_last_step bigint;
