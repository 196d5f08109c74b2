-- An owner can reset a staff member's second factor (ADR 0056): the member's sessions end with
-- their own reason, so the trail of sessions says why they were signed out.
alter table staff_sessions drop constraint staff_sessions_ended_reason_check;
alter table staff_sessions add constraint staff_sessions_ended_reason_check
  check (ended_reason in ('signed_out', 'signed_out_everywhere', 'idle', 'expired', 'deactivated', 'password_changed', 'role_changed', 'second_factor_reset'));
