import type { FeedbackStatus } from '#domain/staff/staff-inbox-schemas.ts';
import type { Queryable } from '../../../db/database.ts';

/** A private feedback with its request, patient and visit; every query is scoped by the practice. */
export interface FeedbackRow {
  id: string;
  category: string;
  text: string;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
  handled_note: string | null;
  request_id: string;
  request_source: 'admin' | 'automatic';
  request_created_at: Date;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  dob: string | null;
  appointment_id: string | null;
  reference: string | null;
  starts_at: Date | null;
  time_zone: string;
}

const SELECT_FEEDBACK = `
  select f.id, f.feedback_category as category, f.feedback_description as text, f.created_at,
         f.handled_at, coalesce(s.name, f.handled_by_email) as handled_by, f.handled_note,
         r.id as request_id, r.source as request_source, r.created_at as request_created_at,
         r.patient_first_name as first_name, r.patient_last_name as last_name, r.email, r.wireless_phone as phone,
         pt.dob, a.id as appointment_id, a.reference, a.starts_at,
         coalesce(c.time_zone, p.server_tz) as time_zone
    from review_feedback f
    join review_requests r on r.id = f.request_id
    join practices p on p.id = r.practice_id
    left join patients pt on pt.id = r.patient_id and pt.practice_id = r.practice_id
    left join appointments a on a.id = r.appointment_id and a.practice_id = r.practice_id
    left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
    left join staff_accounts s on s.id = f.handled_by_account_id`;

/** The practice's feedback, newest first. */
export async function listFeedback(
  db: Queryable,
  practiceId: string,
  options: { status: FeedbackStatus | null; limit: number },
): Promise<FeedbackRow[]> {
  return db.query<FeedbackRow>(
    `${SELECT_FEEDBACK}
      where r.practice_id = $1
        and ($2::text is null or ($2 = 'handled') = (f.handled_at is not null))
      order by f.created_at desc, f.id
      limit $3`,
    [practiceId, options.status, options.limit],
  );
}

export async function countOpenFeedback(db: Queryable, practiceId: string): Promise<number> {
  const [row] = await db.query<{ open: number }>(
    `select count(*)::int as open from review_feedback f join review_requests r on r.id = f.request_id
      where r.practice_id = $1 and f.handled_at is null`,
    [practiceId],
  );
  return row?.open ?? 0;
}

/** Null for a missing id and for another practice's feedback alike. */
export async function findFeedback(db: Queryable, practiceId: string, feedbackId: string): Promise<FeedbackRow | null> {
  const rows = await db.query<FeedbackRow>(`${SELECT_FEEDBACK} where r.practice_id = $1 and f.id = $2`, [
    practiceId,
    feedbackId,
  ]);
  return rows[0] ?? null;
}

/** Marks it handled unless it already is; false when nothing changed (handled before, or not the practice's). */
export async function markFeedbackHandled(
  tx: Queryable,
  practiceId: string,
  feedbackId: string,
  handled: { accountId: string; email: string; note: string | null; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `update review_feedback f
        set handled_at = $3, handled_by_account_id = $4, handled_by_email = $5, handled_note = $6
       from review_requests r
      where f.id = $2 and r.id = f.request_id and r.practice_id = $1 and f.handled_at is null
      returning f.id`,
    [practiceId, feedbackId, handled.at, handled.accountId, handled.email, handled.note],
  );
  return rows.length > 0;
}
