import type { Queryable } from '../../db/database.ts';

export type InboundTextKind = 'opt_out' | 'opt_in' | 'help' | 'confirm' | 'reply';

export interface InboundTextRow {
  practiceId: string | null;
  fromNumber: string;
  toNumber: string;
  body: string;
  kind: InboundTextKind;
  providerMessageId: string;
  receivedAt: Date;
}

/** Stores a text once per provider message id; false when it was already stored (a retried webhook). */
export async function insertInboundText(db: Queryable, text: InboundTextRow): Promise<boolean> {
  const rows = await db.query(
    `insert into inbound_texts (practice_id, from_number, to_number, body, kind, provider_message_id, received_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (provider_message_id) do nothing
     returning id`,
    [
      text.practiceId,
      text.fromNumber,
      text.toNumber,
      text.body,
      text.kind,
      text.providerMessageId,
      text.receivedAt.toISOString(),
    ],
  );
  return rows.length > 0;
}
