import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { QuietHours, ReminderRule } from '#domain/reminders/reminder-schedule.ts';
import type { Queryable } from '../../db/database.ts';

/** What planning a booking's reminders needs: its time and its practice's rules. */
export interface ReminderPlanFacts {
  status: BookingStatus;
  starts_at: Date | null;
  reschedule_count: number;
  /** The booking's clinic's zone, else the practice's (ADR 0061): quiet hours are kept on it. */
  server_tz: string;
  reminder_rules: ReminderRule[];
  quiet_hours: QuietHours;
}

export async function findReminderPlanFacts(db: Queryable, appointmentId: string): Promise<ReminderPlanFacts | null> {
  const [row] = await db.query<ReminderPlanFacts>(
    `select a.status, a.starts_at, a.reschedule_count, coalesce(c.time_zone, p.server_tz) as server_tz,
            p.reminder_rules, p.quiet_hours
       from appointments a join practices p on p.id = a.practice_id
       left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
      where a.id = $1`,
    [appointmentId],
  );
  return row ?? null;
}

/**
 * The latest reminder text the practice handed to its provider for this number (E.164, as a
 * reply's `From` is): a `C` answers that one (ADR 0037). Its key names the visit's time it was for.
 */
export async function findLatestReminderText(
  db: Queryable,
  key: { practiceId: string; phone: string },
): Promise<{ appointment_id: string; idempotency_key: string } | null> {
  const [row] = await db.query<{ appointment_id: string; idempotency_key: string }>(
    `select appointment_id, idempotency_key from message_deliveries
      where channel = 'sms' and kind = 'reminder' and practice_id = $1 and recipient = $2
        and appointment_id is not null and status in ('sent', 'delivered')
      order by created_at desc, handoff_at desc nulls last limit 1`,
    [key.practiceId, key.phone],
  );
  return row ?? null;
}

/** The language of the patient's latest booking at the practice from this number; null when none. */
export async function findLanguageOfNumber(
  db: Queryable,
  key: { practiceId: string; phone: string },
): Promise<'en' | 'es' | null> {
  const [row] = await db.query<{ language: 'en' | 'es' }>(
    `select a.language from appointments a
       join contact_consents c on c.appointment_id = a.id and c.channel = 'sms' and c.recipient = $2
      where a.practice_id = $1
      order by a.created_at desc limit 1`,
    [key.practiceId, key.phone],
  );
  return row?.language ?? null;
}
