-- A texted C confirms the visit of the latest reminder the practice texted to that number, and
-- nothing past it (ADR 0037): that reminder is found by practice and number, newest first.
create index message_deliveries_reminder_texts_idx on message_deliveries (practice_id, recipient, created_at desc)
  where channel = 'sms' and kind = 'reminder';
