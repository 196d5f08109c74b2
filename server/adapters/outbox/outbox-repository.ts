import type { Queryable } from '../../db/database.ts';

export interface NewOutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  /** Null for SMS. */
  subject: string | null;
  text: string;
  html?: string | null | undefined;
  attachments?: { filename: string; content: string; contentType: string }[] | undefined;
  headers?: Record<string, string> | undefined;
  idempotencyKey: string;
}

export interface OutboxMessageRow {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string }[];
  headers: Record<string, string>;
  created_at: Date;
}

/** Stores a message once per idempotency key and returns its id (the earlier one for a repeat). */
export async function saveOutboxMessage(db: Queryable, message: NewOutboxMessage): Promise<string> {
  const inserted = await db.query<{ id: string }>(
    `insert into outbox_messages (channel, recipient, subject, text, html, attachments, idempotency_key, headers)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb)
     on conflict (idempotency_key) do nothing
     returning id`,
    [
      message.channel,
      message.recipient,
      message.subject,
      message.text,
      message.html ?? null,
      JSON.stringify(message.attachments ?? []),
      message.idempotencyKey,
      JSON.stringify(message.headers ?? {}),
    ],
  );
  if (inserted[0]) return inserted[0].id;
  const [earlier] = await db.query<{ id: string }>('select id from outbox_messages where idempotency_key = $1', [
    message.idempotencyKey,
  ]);
  if (!earlier) throw new Error('Outbox message vanished between insert and select');
  return earlier.id;
}

/** Newest first; attachment contents stay in the table (the page lists names only). */
export async function listOutboxMessages(db: Queryable, options: { limit: number }): Promise<OutboxMessageRow[]> {
  return db.query<OutboxMessageRow>(
    `select id, channel, recipient, subject, text, html, headers, created_at,
       coalesce((select jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType'))
                 from jsonb_array_elements(attachments) a), '[]'::jsonb) as attachments
     from outbox_messages
     order by seq desc
     limit $1`,
    [options.limit],
  );
}
