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
  /** The booking a reply belongs to (ADR 0066); null for keywords and for a number with no booking. */
  appointmentId: string | null;
}

/** Stores a text once per provider message id; false when it was already stored (a retried webhook). */
export async function insertInboundText(db: Queryable, text: InboundTextRow): Promise<boolean> {
  const rows = await db.query(
    `insert into inbound_texts (practice_id, from_number, to_number, body, kind, provider_message_id, received_at,
       appointment_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
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
      text.appointmentId,
    ],
  );
  return rows.length > 0;
}

export interface TextedBooking {
  id: string;
  reference: string;
  first_name: string;
  last_name: string;
}

/**
 * The booking a text from `phone` is about (ADR 0066): of the practice's bookings that may text that
 * number (its consent ledger names it), the next visit still to come, else the latest made.
 */
export async function findBookingOfNumber(
  db: Queryable,
  key: { practiceId: string; phone: string; now: Date },
): Promise<TextedBooking | null> {
  const [row] = await db.query<TextedBooking>(
    `select a.id, a.reference, coalesce(pt.first_name, '') as first_name, coalesce(pt.last_name, '') as last_name,
            a.status in ('booked', 'confirmed') and a.starts_at >= $3 as is_coming
       from appointments a
       left join patients pt on pt.id = a.patient_id
      where a.practice_id = $1 and a.status <> 'expired'
        and exists (select 1 from contact_consents c
                     where c.appointment_id = a.id and c.channel = 'sms' and c.recipient = $2)
      order by is_coming desc, case when a.status in ('booked', 'confirmed') and a.starts_at >= $3
               then a.starts_at end, a.created_at desc
      limit 1`,
    [key.practiceId, key.phone, key.now.toISOString()],
  );
  return row ? { id: row.id, reference: row.reference, first_name: row.first_name, last_name: row.last_name } : null;
}
