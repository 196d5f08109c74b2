import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../../db/database.ts';
import { escapeLike, FOLD_FROM, FOLD_TO, type SearchQuery } from './staff-search-query.ts';

/** One appointment as search and export read it: its booking, patient, reason and where. */
export interface StaffAppointmentRow {
  id: string;
  reference: string;
  status: BookingStatus;
  reschedule_count: number;
  payment_status: 'pending' | 'paid' | 'unpaid' | 'refund_pending' | 'refunded' | null;
  pms_write_status: 'pending' | 'written' | 'failed' | 'skipped' | null;
  starts_at: Date;
  ends_at: Date;
  pms_clinic_num: number | null;
  pms_prov_num: number;
  pms_op_num: number;
  reason_id: string | null;
  reason_name: string | null;
  first_name: string;
  last_name: string;
  dob: string | null;
  email: string | null;
  phone: string | null;
  patient_status: string | null;
  user_message: string | null;
  source_meta: { source?: string | null } | null;
  utm_details: Record<string, string> | null;
  provider_name: string | null;
  chair_name: string | null;
  clinic_name: string | null;
  time_zone: string;
  is_open_dental: boolean;
}

// As on the schedule: requests without a time yet are on no schedule, and payment holds that ran
// out ('expired') never were appointments; neither is searched or exported.
const SELECT_ROWS = `
  select a.id, a.reference, a.status, a.reschedule_count, a.payment_status, a.pms_write_status,
         a.starts_at, a.ends_at, a.pms_clinic_num, a.pms_prov_num, a.pms_op_num,
         r.id as reason_id, r.name as reason_name,
         pt.first_name, pt.last_name, pt.dob, coalesce(a.email, pt.email) as email,
         coalesce(a.wireless_phone, pt.wireless_phone) as phone, a.patient_status, a.user_message,
         a.source_meta, a.utm_details,
         coalesce(nullif(trim(pv.provider_display_name), ''), nullif(trim(concat_ws(' ', pv.provider_first_name, pv.provider_last_name)), '')) as provider_name,
         o.name as chair_name, coalesce(c.display_name, c.pms_abbr) as clinic_name, p.server_tz as time_zone,
         coalesce(p.pms->>'type' = 'opendental', false) as is_open_dental
    from appointments a
    join practices p on p.id = a.practice_id
    join patients pt on pt.id = a.patient_id
    left join reasons_for_visit r on r.id = a.reason_id
    left join providers pv on pv.practice_id = a.practice_id and pv.pms_prov_num = a.pms_prov_num
    left join operatories o on o.practice_id = a.practice_id and o.pms_op_num = a.pms_op_num
    left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
   where a.practice_id = $1 and a.starts_at is not null and a.status <> 'expired'`;

const fold = (column: string) => `translate(lower(${column}), '${FOLD_FROM}', '${FOLD_TO}')`;
const digitsOf = (column: string) => `regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
const NAME_MATCHES = `not exists (select 1 from unnest($2::text[]) as term where ${fold(`pt.first_name || ' ' || pt.last_name`)} not like '%' || term || '%')`;

/** The practice's appointments a console search finds, newest visit first. */
export async function searchAppointments(db: Queryable, practiceId: string, query: SearchQuery, limit: number): Promise<StaffAppointmentRow[]> {
  const order = `order by a.starts_at desc, a.id limit ${Number(limit)}`;
  switch (query.kind) {
    case 'email':
      return db.query(`${SELECT_ROWS} and (lower(a.email) like $2 or lower(pt.email) like $2) ${order}`, [practiceId, `%${escapeLike(query.email)}%`]);
    case 'phone':
      return db.query(`${SELECT_ROWS} and (${digitsOf('a.wireless_phone')} like $2 or ${digitsOf('pt.wireless_phone')} like $2) ${order}`, [practiceId, `%${query.digits}%`]);
    case 'reference':
      return db.query(`${SELECT_ROWS} and a.reference = $2 ${order}`, [practiceId, query.reference]);
    case 'name_or_reference':
      return db.query(`${SELECT_ROWS} and (a.reference = $3 or ${NAME_MATCHES}) ${order}`, [practiceId, query.terms.map(escapeLike), query.reference]);
    case 'name':
      return db.query(`${SELECT_ROWS} and ${NAME_MATCHES} ${order}`, [practiceId, query.terms.map(escapeLike)]);
  }
}

/** The practice's appointments that start in [from, to), in time order. */
export async function listAppointmentsBetween(db: Queryable, practiceId: string, range: { from: Date; to: Date }): Promise<StaffAppointmentRow[]> {
  return db.query(`${SELECT_ROWS} and a.starts_at >= $2 and a.starts_at < $3 order by a.starts_at, a.pms_prov_num, a.id`, [practiceId, range.from, range.to]);
}
