import type { InsuranceDetails } from '#domain/booking/booking-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import type { Queryable } from '../../../db/database.ts';
import { selectScheduleRows, type ScheduleRow } from '../schedule/staff-schedule-repository.ts';
import { escapeLike, FOLD_FROM, FOLD_TO, type SearchQuery } from './staff-search-query.ts';

/** What the export adds to a booking of the schedule: the patient's contacts, message and where it came from. */
export interface ExportRow extends ScheduleRow {
  dob: string | null;
  email: string | null;
  phone: string | null;
  user_message: string | null;
  source_meta: { source?: string | null } | null;
  utm_details: Record<string, string> | null;
  insurance_details: InsuranceDetails | null;
  language: Language;
  cancel_reason: string | null;
}

// As on the schedule: requests without a time yet are on no schedule, and payment holds that ran
// out ('expired') never were appointments; neither is searched or exported.
const LISTED = `a.practice_id = $1 and a.starts_at is not null and a.status <> 'expired'`;

const fold = (column: string) => `translate(lower(${column}), '${FOLD_FROM}', '${FOLD_TO}')`;
const digitsOf = (column: string) => `regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
const NAME_MATCHES = `not exists (select 1 from unnest($2::text[]) as term
    where ${fold(`pt.first_name || ' ' || pt.last_name`)} not like '%' || term || '%')`;

/** The practice's appointments a console search finds, newest visit first. */
export async function searchAppointments(
  db: Queryable,
  practiceId: string,
  query: SearchQuery,
  limit: number,
): Promise<ScheduleRow[]> {
  const select = `${selectScheduleRows()} where ${LISTED}`;
  const order = `order by a.starts_at desc, a.id limit ${Number(limit)}`;
  switch (query.kind) {
    case 'email':
      return db.query(`${select} and (lower(a.email) like $2 or lower(pt.email) like $2) ${order}`, [
        practiceId,
        `%${escapeLike(query.email)}%`,
      ]);
    case 'phone':
      return db.query(
        `${select} and (${digitsOf('a.wireless_phone')} like $2 or ${digitsOf('pt.wireless_phone')} like $2) ${order}`,
        [practiceId, `%${query.digits}%`],
      );
    case 'dob':
      return db.query(`${select} and pt.dob = $2::date ${order}`, [practiceId, query.dob]);
    case 'reference':
      return db.query(`${select} and a.reference = $2 ${order}`, [practiceId, query.reference]);
    case 'name_or_reference':
      return db.query(`${select} and (a.reference = $3 or ${NAME_MATCHES}) ${order}`, [
        practiceId,
        query.terms.map(escapeLike),
        query.reference,
      ]);
    case 'name':
      return db.query(`${select} and ${NAME_MATCHES} ${order}`, [practiceId, query.terms.map(escapeLike)]);
  }
}

/** The practice's appointments that start in [from, to), in time order, with what the export adds. */
export async function listExportRows(
  db: Queryable,
  practiceId: string,
  range: { from: Date; to: Date },
): Promise<ExportRow[]> {
  const extra = `to_char(pt.dob, 'YYYY-MM-DD') as dob, coalesce(a.email, pt.email) as email,
    coalesce(a.wireless_phone, pt.wireless_phone) as phone, a.user_message, a.source_meta, a.utm_details,
    a.insurance_details, a.language, a.cancel_reason`;
  return db.query(
    `${selectScheduleRows(extra)} where ${LISTED} and a.starts_at >= $2 and a.starts_at < $3 order by a.starts_at,
      a.pms_prov_num, a.pms_op_num, a.id`,
    [practiceId, range.from.toISOString(), range.to.toISOString()],
  );
}
