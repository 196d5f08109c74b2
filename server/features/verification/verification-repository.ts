import type { Queryable } from '../../db/database.ts';

export type VerificationPurpose = 'booking';

export interface StoredCode {
  id: string;
  code_hash: string;
  failed_attempts: number;
  expires_at: Date;
}

export interface CodeKey {
  practiceId: string;
  recipient: string;
  purpose: VerificationPurpose;
}

// Any constant: it only keeps these advisory locks apart from others (the migration lock).
const SEND_LOCK_NAMESPACE = 724_512;

/** Serialises sends to one recipient until the transaction ends, across processes. */
export async function lockRecipient(tx: Queryable, recipient: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [SEND_LOCK_NAMESPACE, recipient]);
}

export async function listRecentSends(tx: Queryable, recipient: string, since: Date): Promise<Date[]> {
  const rows = await tx.query<{ sent_at: Date }>(
    'select sent_at from verification_sends where recipient = $1 and sent_at > $2 order by sent_at desc',
    [recipient, since.toISOString()],
  );
  return rows.map((row) => new Date(row.sent_at));
}

export async function recordSend(tx: Queryable, recipient: string, sentAt: Date): Promise<void> {
  await tx.query('insert into verification_sends (recipient, sent_at) values ($1, $2)', [
    recipient,
    sentAt.toISOString(),
  ]);
}

/** Stores the code's hash, replacing the recipient's earlier code (and its failed tries). */
export async function upsertCode(
  tx: Queryable,
  key: CodeKey,
  code: { channel: 'email' | 'sms'; hash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx.query(
    `insert into verification_codes (practice_id, purpose, recipient, channel, code_hash, failed_attempts, expires_at,
      created_at)
     values ($1, $2, $3, $4, $5, 0, $6, $7)
     on conflict (practice_id, recipient, purpose) do update
       set channel = excluded.channel, code_hash = excluded.code_hash, failed_attempts = 0,
           expires_at = excluded.expires_at, created_at = excluded.created_at`,
    [
      key.practiceId,
      key.purpose,
      key.recipient,
      code.channel,
      code.hash,
      code.expiresAt.toISOString(),
      code.createdAt.toISOString(),
    ],
  );
}

/** The live code, locked until the transaction ends so two checks cannot both use one try. */
export async function findCodeForUpdate(tx: Queryable, key: CodeKey): Promise<StoredCode | null> {
  const [row] = await tx.query<StoredCode>(
    `select id, code_hash, failed_attempts, expires_at from verification_codes
     where practice_id = $1 and recipient = $2 and purpose = $3 for update`,
    [key.practiceId, key.recipient, key.purpose],
  );
  return row ? { ...row, expires_at: new Date(row.expires_at) } : null;
}

export async function recordFailedAttempt(tx: Queryable, id: string): Promise<number> {
  const [row] = await tx.query<{ failed_attempts: number }>(
    'update verification_codes set failed_attempts = failed_attempts + 1 where id = $1 returning failed_attempts',
    [id],
  );
  return row?.failed_attempts ?? 0;
}

/**
 * Undoes a send whose message could not be delivered: the code (if it is still that one) and the
 * send's place in the limits, so the patient may correct the address and send again at once.
 */
export async function withdrawSend(tx: Queryable, key: CodeKey, send: { hash: string; sentAt: Date }): Promise<void> {
  await tx.query(
    'delete from verification_codes where practice_id = $1 and recipient = $2 and purpose = $3 and code_hash = $4',
    [key.practiceId, key.recipient, key.purpose, send.hash],
  );
  await tx.query('delete from verification_sends where recipient = $1 and sent_at = $2', [
    key.recipient,
    send.sentAt.toISOString(),
  ]);
}

export async function deleteCode(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from verification_codes where id = $1', [id]);
}

/**
 * Expired codes and sends older than every limit window are of no further use. A bounded batch
 * that skips rows another transaction holds, so concurrent sends never wait on or deadlock over it.
 */
export async function pruneVerificationRows(
  tx: Queryable,
  before: { codesExpiredBefore: Date; sendsBefore: Date },
): Promise<void> {
  await tx.query(
    `delete from verification_codes where id in (
       select id from verification_codes where expires_at < $1 limit 100 for update skip locked)`,
    [before.codesExpiredBefore.toISOString()],
  );
  await tx.query(
    `delete from verification_sends where id in (
       select id from verification_sends where sent_at < $1 limit 100 for update skip locked)`,
    [before.sendsBefore.toISOString()],
  );
}

/** True when a booking already committed with this token (verification_token_uses, ADR 0012). */
export async function isVerificationTokenSpent(db: Queryable, tokenHash: string): Promise<boolean> {
  return (await db.query('select 1 from verification_token_uses where token_hash = $1', [tokenHash])).length > 0;
}

/**
 * Spends the token for the appointment inside the booking's transaction; false when another
 * booking spent it first (a concurrent one waits here for that one's commit or rollback).
 */
export async function spendVerificationToken(
  tx: Queryable,
  tokenHash: string,
  appointmentId: string,
): Promise<boolean> {
  const rows = await tx.query(
    'insert into verification_token_uses (token_hash, appointment_id) values ($1, $2) on conflict (token_hash) do ' +
      'nothing returning token_hash',
    [tokenHash, appointmentId],
  );
  return rows.length > 0;
}

/**
 * A paid booking commits: spend the token its hold remembered. Never refuses: the patient has
 * paid, and a token spent meanwhile by another booking does not undo a payment.
 */
export async function spendHeldVerificationToken(tx: Queryable, appointmentId: string): Promise<void> {
  await tx.query(
    `insert into verification_token_uses (token_hash, appointment_id)
     select verification_token_hash, id from appointments where id = $1 and verification_token_hash is not null
     on conflict (token_hash) do nothing`,
    [appointmentId],
  );
}
