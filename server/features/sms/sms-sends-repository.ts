import type { Queryable } from '../../db/database.ts';

/** The practice's own sender (number or Messaging Service SID); null when it has none or does not exist. */
export async function findPracticeSmsFrom(db: Queryable, practiceId: string): Promise<string | null> {
  const [row] = await db.query<{ sms_from: string | null }>('select sms_from from practices where id = $1', [
    practiceId,
  ]);
  return row?.sms_from ?? null;
}

export async function insertSmsSend(
  db: Queryable,
  sent: { practiceId: string; recipient: string; sender: string; sentAt: Date },
): Promise<void> {
  await db.query('insert into sms_sends (practice_id, recipient, sender, sent_at) values ($1, $2, $3, $4)', [
    sent.practiceId,
    sent.recipient,
    sent.sender,
    sent.sentAt.toISOString(),
  ]);
}

/**
 * The practices that text from one of `senders`: their own sms_from is one of them, or, when
 * `includesDeploymentSender`, they have none and so send from TWILIO_FROM.
 */
export async function listPracticesOnSenders(
  db: Queryable,
  key: { senders: readonly string[]; includesDeploymentSender: boolean },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'select id from practices where sms_from = any($1::text[]) or ($2::boolean and sms_from is null) order by id',
    [[...key.senders], key.includesDeploymentSender],
  );
  return rows.map((row) => row.id);
}

/** Which of `practiceIds` last texted `recipient` from one of `senders`; null when none has. */
export async function findLastPracticeToText(
  db: Queryable,
  key: { senders: readonly string[]; recipient: string; practiceIds: readonly string[] },
): Promise<string | null> {
  const [row] = await db.query<{ practice_id: string }>(
    `select practice_id from sms_sends
      where sender = any($1::text[]) and recipient = $2 and practice_id = any($3::uuid[])
      order by id desc limit 1`,
    [[...key.senders], key.recipient, [...key.practiceIds]],
  );
  return row?.practice_id ?? null;
}
