import type { StaffReply, StaffText } from '#domain/staff/staff-texts-schemas.ts';
import type { Queryable } from '../../../db/database.ts';

// The texts patients sent that are not keywords (kind 'reply'), filed on a booking when the sms
// feature found one for the number (ADR 0066). Times go out as ISO strings, as every staff payload.
const REPLY_COLUMNS = `t.id, to_char(t.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as received_at,
  t.body`;

/** The replies filed on one booking of the practice, oldest first. */
export async function listBookingReplies(
  db: Queryable,
  practiceId: string,
  appointmentId: string,
): Promise<StaffReply[]> {
  return db.query<StaffReply>(
    `select ${REPLY_COLUMNS} from inbound_texts t
      where t.practice_id = $1 and t.appointment_id = $2 and t.kind = 'reply'
      order by t.received_at, t.id`,
    [practiceId, appointmentId],
  );
}

/** The practice's latest replies, newest first, each with its booking when one was found. */
export async function listInboxTexts(db: Queryable, practiceId: string, limit: number): Promise<StaffText[]> {
  const rows = await db.query<StaffReply & { from: string; booking_id: string | null } & Record<string, string>>(
    `select ${REPLY_COLUMNS}, t.from_number as "from", a.id as booking_id, a.reference,
            coalesce(pt.first_name, '') as first_name, coalesce(pt.last_name, '') as last_name
       from inbound_texts t
       left join appointments a on a.id = t.appointment_id and a.practice_id = t.practice_id
       left join patients pt on pt.id = a.patient_id
      where t.practice_id = $1 and t.kind = 'reply'
      order by t.received_at desc, t.id desc
      limit ${Number(limit)}`,
    [practiceId],
  );
  return rows.map((row) => ({
    id: row.id,
    received_at: row.received_at,
    from: row.from,
    body: row.body,
    booking: row.booking_id
      ? { id: row.booking_id, reference: row.reference!, first_name: row.first_name!, last_name: row.last_name! }
      : null,
  }));
}
