import type { ReviewChannel } from '#domain/reviews/review-request-schemas.ts';
import type { Queryable } from '../../db/database.ts';

export interface ReviewRequestListRow {
  id: string;
  source: 'admin' | 'automatic';
  appointment_id: string | null;
  patient_first_name: string;
  patient_last_name: string;
  sent_via: ReviewChannel[];
  created_at: Date;
  click_count: number;
  first_clicked_at: Date | null;
  last_clicked_at: Date | null;
  feedback_id: string | null;
}

/** The practice's review requests created in [from, to), newest first, with their clicks and feedback. */
export async function listReviewRequests(db: Queryable, practiceId: string, range: { from: Date; to: Date; limit: number }): Promise<ReviewRequestListRow[]> {
  return db.query<ReviewRequestListRow>(
    `select r.id, r.source, r.appointment_id, r.patient_first_name, r.patient_last_name, r.sent_via, r.created_at,
            r.click_count, r.first_clicked_at, r.last_clicked_at, f.id as feedback_id
       from review_requests r
       left join review_feedback f on f.request_id = r.id
      where r.practice_id = $1 and r.created_at >= $2 and r.created_at < $3
      order by r.created_at desc, r.id
      limit $4`,
    [practiceId, range.from, range.to, range.limit],
  );
}
