import { closuresBetween } from '#domain/availability/closure-days.ts';
import type { BookingStatus, CancelledBy } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../../../db/database.ts';

/** A booking as the console lists it: the schedule, search and export (staff-inbox). */
export interface ScheduleRow {
  id: string;
  reference: string;
  status: BookingStatus;
  reschedule_count: number;
  payment_status: 'pending' | 'paid' | 'unpaid' | 'refund_pending' | 'refunded' | null;
  pms_write_status: 'pending' | 'written' | 'failed' | 'skipped' | null;
  starts_at: Date | null;
  ends_at: Date | null;
  pms_clinic_num: number | null;
  pms_prov_num: number;
  pms_op_num: number;
  reason_id: string | null;
  reason_name: string | null;
  first_name: string;
  last_name: string;
  patient_status: string | null;
  booked_by_staff: boolean;
  provider_name: string | null;
  chair_name: string | null;
  clinic_name: string | null;
}

/** Everything the detail adds to it. */
export interface DetailRow extends ScheduleRow {
  practice_id: string;
  dob: string | null;
  email: string | null;
  wireless_phone: string | null;
  booker_first_name: string | null;
  booker_last_name: string | null;
  booker_dob: string | null;
  user_message: string | null;
  insurance_details: Record<string, unknown> | null;
  language: 'en' | 'es';
  has_verification: boolean;
  verified_at: Date | null;
  amount_cents: number | null;
  paid_at: Date | null;
  source_meta: Record<string, unknown> | null;
  utm_details: Record<string, unknown> | null;
  referrer_id: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  arrived_at: Date | null;
  no_show_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: CancelledBy | null;
  cancel_reason: string | null;
  rescheduled_at: Date | null;
}

// A phone booking's source_meta says who made it (staff-booking-service.ts); a patient's own
// source_meta is cut down to source/gclid/fbclid, so no patient can pass as staff.
const BOOKED_BY_STAFF = "coalesce(a.source_meta->>'channel' = 'staff', false)";

const SCHEDULE_COLUMNS = `a.id, a.reference, a.status, a.reschedule_count, a.payment_status, a.pms_write_status,
    a.starts_at, a.ends_at,
  a.pms_clinic_num, a.pms_prov_num, a.pms_op_num, a.reason_id, r.name as reason_name,
  coalesce(pt.first_name, '') as first_name, coalesce(pt.last_name, '') as last_name, a.patient_status,
    ${BOOKED_BY_STAFF} as booked_by_staff,
  coalesce(nullif(trim(pv.provider_display_name), ''), nullif(trim(concat_ws(' ', pv.provider_first_name,
    pv.provider_last_name)), '')) as provider_name,
  o.name as chair_name, coalesce(c.display_name, c.pms_abbr) as clinic_name`;

const BOOKING_TABLES = `appointments a
       left join patients pt on pt.id = a.patient_id
       left join reasons_for_visit r on r.id = a.reason_id
       left join providers pv on pv.practice_id = a.practice_id and pv.pms_prov_num = a.pms_prov_num
       left join operatories o on o.practice_id = a.practice_id and o.pms_op_num = a.pms_op_num
       left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num`;

/**
 * `select <the ScheduleRow columns>[, extra] from <the booking a, its patient pt, reason r, provider
 * pv, chair o and clinic c>`: the one reading of a booking row for every list of the console
 * (schedule, search, export) and the detail, so they all map through one toStaffAppointment.
 */
export function selectScheduleRows(extra = ''): string {
  return `select ${SCHEDULE_COLUMNS}${extra ? `, ${extra}` : ''} from ${BOOKING_TABLES}`;
}

/**
 * The practice's bookings starting in [from, to), ended ones included (the day shows them), but
 * not payment holds that ran out: those never were appointments.
 */
export async function listScheduleRows(
  db: Queryable,
  practiceId: string,
  range: { from: Date; to: Date; clinicNum: number | null },
): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(
    `${selectScheduleRows()}
      where a.practice_id = $1 and a.starts_at >= $2 and a.starts_at < $3 and a.status <> 'expired'
        and ($4::integer is null or a.pms_clinic_num = $4)
      order by a.starts_at, a.pms_prov_num, a.pms_op_num`,
    [practiceId, range.from.toISOString(), range.to.toISOString(), range.clinicNum],
  );
}

/** One booking of the practice, or null: another practice's id reads as a missing one. */
export async function findDetailRow(
  db: Queryable,
  practiceId: string,
  appointmentId: string,
): Promise<DetailRow | null> {
  const [row] = await db.query<DetailRow>(
    `${selectScheduleRows(`a.practice_id, to_char(pt.dob, 'YYYY-MM-DD') as dob, a.email, a.wireless_phone,
            a.booker_first_name, a.booker_last_name, to_char(a.booker_dob, 'YYYY-MM-DD') as booker_dob,
            a.user_message, a.insurance_details, a.language,
            a.verification_token_hash is not null as has_verification, vu.spent_at as verified_at,
            a.amount_cents, a.paid_at, a.source_meta, a.utm_details, a.referrer_id, a.created_at,
            a.confirmed_at, a.arrived_at, a.no_show_at, a.cancelled_at, a.cancelled_by, a.cancel_reason,
              a.rescheduled_at`)}
       left join verification_token_uses vu on vu.token_hash = a.verification_token_hash and vu.appointment_id = a.id
      where a.id = $1 and a.practice_id = $2`,
    [appointmentId, practiceId],
  );
  return row ?? null;
}

/**
 * The same patient's other bookings at the practice (the patients row is one per practice, names and birth
 * date), past and future, newest first; requests without a time first. Payment holds that ran out never were
 * appointments.
 */
export async function listOtherBookingRows(
  db: Queryable,
  practiceId: string,
  appointmentId: string,
): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(
    `${selectScheduleRows()}
      where a.practice_id = $2 and a.id <> $1 and a.status <> 'expired'
        and a.patient_id = (select patient_id from appointments where id = $1 and practice_id = $2)
      order by a.starts_at desc nulls first, a.id limit 50`,
    [appointmentId, practiceId],
  );
}

/** True when the id is one of the practice's bookings (a cheap check before a change). */
export async function isPracticeAppointment(
  db: Queryable,
  practiceId: string,
  appointmentId: string,
): Promise<boolean> {
  const rows = await db.query('select 1 from appointments where id = $1 and practice_id = $2', [
    appointmentId,
    practiceId,
  ]);
  return rows.length > 0;
}

export interface ConsentRow {
  channel: string;
  granted: boolean;
  source: string;
  recorded_at: Date;
}

/** The booking's consent rows, and later decisions about its contacts (a STOP reply, an unsubscribe). */
export async function listConsents(
  db: Queryable,
  practiceId: string,
  appointmentId: string,
  contacts: { email: string | null; phone: string | null },
): Promise<ConsentRow[]> {
  return db.query<ConsentRow>(
    `select channel, granted, source, recorded_at from contact_consents
      where practice_id = $1
        and (appointment_id = $2 or (channel = 'email' and recipient = $3) or (channel = 'sms' and recipient = $4))
      order by seq`,
    [practiceId, appointmentId, contacts.email, contacts.phone],
  );
}

export interface DeliveryRow {
  channel: 'email' | 'sms';
  kind: string;
  recipient: string;
  status: string;
  error: string | null;
  updated_at: Date;
}

export async function listDeliveries(db: Queryable, practiceId: string, appointmentId: string): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `select channel, kind, recipient, status, coalesce(error, error_code) as error, updated_at
       from message_deliveries where appointment_id = $1 and practice_id = $2 order by created_at, id`,
    [appointmentId, practiceId],
  );
}

export interface ScheduleSetup {
  columns: 'provider' | 'chair';
  clinics: { pms_clinic_num: number; name: string }[];
  providers: { pms_prov_num: number; name: string; is_active: boolean; pms_clinic_nums: number[] }[];
  chairs: { pms_op_num: number; name: string; is_active: boolean; pms_clinic_num: number | null }[];
}

/** The practice's columns setting, its clinics, providers (with the clinics they work at) and chairs. */
export async function findScheduleSetup(db: Queryable, practiceId: string): Promise<ScheduleSetup> {
  const [row] = await db.query<{
    columns: ScheduleSetup['columns'];
    clinics: ScheduleSetup['clinics'] | null;
    providers: ScheduleSetup['providers'] | null;
    chairs: ScheduleSetup['chairs'] | null;
  }>(
    `select p.schedule_columns as columns,
       (select json_agg(json_build_object('pms_clinic_num', c.pms_clinic_num, 'name', coalesce(c.display_name,
         c.pms_abbr, 'Clinic ' || c.pms_clinic_num)) order by c.sort_order, c.pms_clinic_num)
          from clinics c where c.practice_id = p.id and c.is_active) as clinics,
       (select json_agg(json_build_object(
                 'pms_prov_num', v.pms_prov_num, 'is_active', v.is_active,
                 'name', coalesce(nullif(trim(v.provider_display_name), ''), nullif(trim(concat_ws(' ',
                   v.provider_first_name, v.provider_last_name)), ''), 'Provider ' || v.pms_prov_num),
                 'pms_clinic_nums', coalesce((select json_agg(distinct s.pms_clinic_num) from schedules s
                                               where s.practice_id = p.id and s.pms_prov_num = v.pms_prov_num
                                                 and s.pms_clinic_num is not null), '[]'::json))
                 order by v.sort_order, v.pms_prov_num)
          from providers v where v.practice_id = p.id) as providers,
       (select json_agg(json_build_object('pms_op_num', o.pms_op_num, 'name', o.name, 'is_active', o.is_active,
         'pms_clinic_num', o.pms_clinic_num) order by o.pms_op_num)
          from operatories o where o.practice_id = p.id) as chairs
       from practices p where p.id = $1`,
    [practiceId],
  );
  return {
    columns: row?.columns ?? 'provider',
    clinics: row?.clinics ?? [],
    providers: row?.providers ?? [],
    chairs: row?.chairs ?? [],
  };
}

/** The names of the practice's closed days in a range of its dates (the slot engine reads only the dates). */
export async function listClosureNames(
  db: Queryable,
  practiceId: string,
  from: string,
  to: string,
): Promise<Map<string, string | null>> {
  const rows = await db.query<{ date: string; name: string | null; yearly: boolean }>(
    `select to_char(date, 'YYYY-MM-DD') as date, name, yearly from closures
      where practice_id = $1 and (date between $2 and $3 or (yearly and date <= $3))`,
    [practiceId, from, to],
  );
  // A yearly closure is named on each of its days (ADR 0084).
  return new Map(closuresBetween(rows, from, to).map((row) => [row.date, row.name]));
}
