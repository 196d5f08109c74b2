-- The staff console's feedback inbox (ADR 0038): who marked a private feedback handled, when, and
-- their note. The handler's e-mail is kept beside the account id, as the audit trail keeps it, so
-- the inbox still says who after the account is gone.
alter table review_feedback
  add column handled_at timestamptz,
  add column handled_by_account_id uuid references staff_accounts (id) on delete set null,
  add column handled_by_email text,
  add column handled_note text check (char_length(handled_note) <= 1000),
  add constraint review_feedback_handled_check check ((handled_at is null) = (handled_by_email is null));

-- The inbox and the console's list of review requests read a practice's requests newest first.
create index review_requests_practice_idx on review_requests (practice_id, created_at desc);
