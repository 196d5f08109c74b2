import type { Queryable } from '../../db/database.ts';
import { bookedSql } from '../../db/booking-status-sql.ts';

export interface AppointmentDueForReview {
  appointment_id: string;
  practice_id: string;
  practice_name: string;
  patient_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  wireless_phone: string | null;
  is_concented: boolean;
  /** Set when someone booked for the patient: the contacts are theirs. */
  booker_first_name: string | null;
}

export type ReviewDecisionOutcome = 'requested' | 'skipped_recent_request' | 'skipped_no_consented_contact';

/**
 * Booked appointments whose review request fell due (end + the practice's delay) in the window
 * (since, now], oldest first, that have neither a decision nor a request yet.
 */
export async function findAppointmentsDueForReview(
  db: Queryable,
  window: { now: Date; since: Date; limit: number },
): Promise<AppointmentDueForReview[]> {
  return db.query<AppointmentDueForReview>(
    `select a.id as appointment_id, a.practice_id, pr.name as practice_name, a.patient_id,
            pt.first_name, pt.last_name, a.email, a.wireless_phone, a.is_concented, a.booker_first_name
       from appointments a
       join practices pr on pr.id = a.practice_id
       join patients pt on pt.id = a.patient_id
      where ${bookedSql('a.status')}
        and pr.review_request_delay_hours is not null
        and a.ends_at + make_interval(hours => pr.review_request_delay_hours) <= $1
        and a.ends_at + make_interval(hours => pr.review_request_delay_hours) > $2
        and not exists (select 1 from review_request_decisions d where d.appointment_id = a.id)
        and not exists (select 1 from review_requests r where r.appointment_id = a.id)
      order by a.ends_at, a.id
      limit $3`,
    [window.now, window.since, window.limit],
  );
}

/** Serialises decisions about one patient (the sweep and operators' requests). */
export async function lockPatient(tx: Queryable, patientId: string): Promise<void> {
  await tx.query('select id from patients where id = $1 for update', [patientId]);
}

export async function hasDecision(tx: Queryable, appointmentId: string): Promise<boolean> {
  const rows = await tx.query('select 1 from review_request_decisions where appointment_id = $1', [appointmentId]);
  return rows.length > 0;
}

/** Any review request (automatic or an operator's) for this patient created after `since`. */
export async function hasReviewRequestSince(tx: Queryable, patientId: string, since: Date): Promise<boolean> {
  const rows = await tx.query('select 1 from review_requests where patient_id = $1 and created_at > $2 limit 1', [
    patientId,
    since,
  ]);
  return rows.length > 0;
}

export async function recordDecision(
  tx: Queryable,
  decision: { appointmentId: string; outcome: ReviewDecisionOutcome; reviewRequestId: string | null; decidedAt: Date },
): Promise<void> {
  await tx.query(
    `insert into review_request_decisions (appointment_id, outcome, review_request_id, decided_at)
      values ($1, $2, $3, $4)`,
    [decision.appointmentId, decision.outcome, decision.reviewRequestId, decision.decidedAt],
  );
}
