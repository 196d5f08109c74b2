import { PracticeConfigSchema } from '#domain/practice/practice-config-schema.ts';
import type { Queryable } from '../../db/database.ts';

/** A practice as its practice file spells it (ADR 0079), with its settings version. */
export interface StoredPracticeFile {
  version: number;
  practice: Record<string, unknown>;
}

/**
 * The practice file's keys that are no column of `practices`: lists have their own tables, the version its own
 * column (practice-settings-versions.ts), and not_offered is the operator's notepad for practice:sync (ADR 0015).
 */
export const NOT_PRACTICE_COLUMNS: readonly string[] = [
  'version',
  'clinics',
  'providers',
  'operatories',
  'reasons',
  'schedules',
  'closures',
  'time_off',
  'not_offered',
];
const PRACTICE_COLUMNS = Object.keys(PracticeConfigSchema.shape).filter((key) => !NOT_PRACTICE_COLUMNS.includes(key));

/** No translations stored is `{}`; the file leaves the key out. */
const withTranslations = <T extends { translations?: unknown }>(row: T) => {
  const { translations, ...rest } = row;
  return translations && Object.keys(translations).length > 0 ? { ...rest, translations } : rest;
};

/**
 * Reads a practice back into the shape `practice:import` takes: what importing it would store is what is
 * stored. Deactivated clinics and chairs are left out (the file has no such flag), and with them the schedules
 * that name them; providers and reasons are all listed, active ones first in their order (ADR 0084).
 */
export async function readStoredPracticeFile(db: Queryable, practiceId: string): Promise<StoredPracticeFile | null> {
  const [row] = await db.query<Record<string, unknown>>('select * from practices where id = $1', [practiceId]);
  if (!row) return null;
  const practice: Record<string, unknown> = {};
  for (const key of PRACTICE_COLUMNS) if (row[key] !== undefined) practice[key] = row[key];
  if (Object.keys(practice.translations as object).length === 0) delete practice.translations;
  if (practice.review_request_delay_hours === null) delete practice.review_request_delay_hours;
  const [lists] = await db.query<{ [K in 'clinics' | 'providers' | 'operatories' | 'reasons']: unknown[] | null }>(
    `select
       (select json_agg(json_build_object('pms_clinic_num', c.pms_clinic_num, 'display_name', c.display_name,
          'pms_abbr', c.pms_abbr, 'display_location', c.display_location, 'pms_city', c.pms_city,
          'display_address', c.display_address, 'pms_address1', c.pms_address1, 'display_phone', c.display_phone,
          'pms_state', c.pms_state, 'pms_zip', c.pms_zip, 'time_zone', c.time_zone, 'translations', c.translations)
          order by c.sort_order, c.pms_clinic_num)
          from clinics c where c.practice_id = $1 and c.is_active) as clinics,
       (select json_agg(json_build_object('pms_prov_num', p.pms_prov_num,
          'provider_display_name', p.provider_display_name, 'provider_first_name', p.provider_first_name,
          'provider_last_name', p.provider_last_name, 'profile_pic', p.profile_pic, 'is_active', p.is_active)
          order by p.is_active desc, p.sort_order, p.pms_prov_num)
          from providers p where p.practice_id = $1) as providers,
       (select json_agg(json_build_object('pms_op_num', o.pms_op_num, 'name', o.name,
          'pms_clinic_num', o.pms_clinic_num) order by o.pms_op_num)
          from operatories o where o.practice_id = $1 and o.is_active) as operatories,
       (select json_agg(json_build_object('name', r.name, 'final_duration', r.final_duration,
          'amount', r.amount_cents / 100.0, 'for_new_patients', r.for_new_patients,
          'for_returning_patients', r.for_returning_patients, 'is_active', r.is_active,
          'is_payment_enabled', r.is_payment_enabled, 'to_show_providers', r.to_show_providers,
          'providers', coalesce((select json_agg(l.pms_prov_num order by l.pms_prov_num) from reason_providers l
             where l.reason_id = r.id and l.pms_prov_num in (select pms_prov_num from providers
               where practice_id = $1)), '[]'),
          'clinics', coalesce((select json_agg(l.pms_clinic_num order by l.pms_clinic_num) from reason_clinics l
             where l.reason_id = r.id and l.pms_clinic_num in (select pms_clinic_num from clinics
               where practice_id = $1 and is_active)), '[]'),
          'translations', r.translations) order by r.is_active desc, r.sort_order, r.name)
          from reasons_for_visit r where r.practice_id = $1) as reasons`,
    [practiceId],
  );
  const providers = (lists?.providers ?? []) as { pms_prov_num: number }[];
  const operatories = (lists?.operatories ?? []) as { pms_op_num: number }[];
  const calendar = await readCalendar(db, practiceId, {
    providers: providers.map((p) => p.pms_prov_num),
    operatories: operatories.map((o) => o.pms_op_num),
  });
  return {
    version: Number(row.settings_version),
    practice: {
      ...practice,
      clinics: ((lists?.clinics ?? []) as { translations?: unknown }[]).map(withTranslations),
      providers,
      operatories,
      reasons: ((lists?.reasons ?? []) as { translations?: unknown; amount: number }[]).map((reason) => ({
        ...withTranslations(reason),
        amount: Number(reason.amount),
      })),
      ...calendar,
    },
  };
}

async function readCalendar(db: Queryable, practiceId: string, active: { providers: number[]; operatories: number[] }) {
  const [row] = await db.query<{ schedules: unknown[] | null; closures: unknown[] | null; time_off: unknown[] | null }>(
    `select
       (select json_agg(json_build_object('pms_prov_num', s.pms_prov_num, 'pms_op_num', s.pms_op_num,
          'pms_clinic_num', s.pms_clinic_num, 'weekdays', s.weekdays, 'start', to_char(s.start_time, 'HH24:MI'),
          'end', to_char(s.end_time, 'HH24:MI'), 'breaks', s.breaks)
          order by s.pms_prov_num, s.pms_op_num, s.start_time)
          from schedules s where s.practice_id = $1 and s.pms_prov_num = any($2::integer[])
           and s.pms_op_num = any($3::integer[])) as schedules,
       (select json_agg(json_strip_nulls(json_build_object('date', to_char(c.date, 'YYYY-MM-DD'), 'name', c.name,
          'start', to_char(c.start_time, 'HH24:MI'), 'end', to_char(c.end_time, 'HH24:MI'),
          'yearly', case when c.yearly then true end)) order by c.date)
          from closures c where c.practice_id = $1) as closures,
       (select json_agg(json_build_object('pms_prov_num', t.pms_prov_num,
          'start', to_char(t.starts_at, 'YYYY-MM-DD"T"HH24:MI'), 'end', to_char(t.ends_at, 'YYYY-MM-DD"T"HH24:MI'))
          order by t.starts_at, t.pms_prov_num)
          from provider_time_off t where t.practice_id = $1 and t.pms_prov_num = any($2::integer[])) as time_off`,
    [practiceId, active.providers, active.operatories],
  );
  return { schedules: row?.schedules ?? [], closures: row?.closures ?? [], time_off: row?.time_off ?? [] };
}
