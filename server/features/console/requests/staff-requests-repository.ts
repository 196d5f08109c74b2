import type { Queryable } from '../../../db/database.ts';
import { selectScheduleRows, type ScheduleRow } from '../schedule/staff-schedule-repository.ts';

/** A request without a time as the console lists it: the schedule's row and whom to call. */
export interface RequestRow extends ScheduleRow {
  email: string | null;
  wireless_phone: string | null;
  booker_first_name: string | null;
  booker_last_name: string | null;
  created_at: Date;
  /** All the practice's open requests, whatever the limit. */
  total: number;
}

/** The practice's open requests (status `requested`: no time yet), oldest first, at most `limit`. */
export async function listOpenRequests(db: Queryable, practiceId: string, limit: number): Promise<RequestRow[]> {
  return db.query<RequestRow>(
    `${selectScheduleRows(
      'a.email, a.wireless_phone, a.booker_first_name, a.booker_last_name, a.created_at, ' +
        '(count(*) over ())::integer as total',
    )}
      where a.practice_id = $1 and a.status = 'requested'
      order by a.created_at, a.id
      limit $2`,
    [practiceId, limit],
  );
}
