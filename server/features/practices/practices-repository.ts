import type { QuietHours, ReminderRule } from '#domain/reminders/reminder-schedule.ts';
import type { Queryable } from '../../db/database.ts';
import type { Clinic, FormCustomization, Insurance, Provider } from '#domain/practice/practice-schemas.ts';
import type {
  ClinicTextField,
  PracticeTextField,
  ReasonTextField,
  Translations,
} from '#domain/practice/practice-translations.ts';

/** A practice row as stored; `amount_cents` and similar storage details stay in this layer. */
export interface PracticeRow {
  id: string;
  form_url: string;
  name: string;
  description: string | null;
  logo: string | null;
  address_line1: string | null;
  display_address: string | null;
  street_address: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  phone: string | null;
  server_tz: string;
  min_hours_before_booking: number;
  /** Months after the current one patients may book, 1 to 11 (ADR 0079). */
  booking_horizon_months: number;
  is_accepting_patients: boolean;
  clinic_set_up: boolean;
  to_show_insurances: boolean;
  to_verify_patient: boolean;
  to_redirect: boolean;
  redirection_delay: number;
  redirection_url: string | null;
  ref_redirection_url: string | null;
  optional_insurance_fields: ('groupNumber' | 'subscriberPhone')[];
  insurances: Insurance[];
  accept_other_insurance: boolean;
  show_out_of_network_insurance_message: boolean;
  show_other_insurance_message: boolean;
  out_of_network_insurance_message: string | null;
  other_insurance_message: string | null;
  no_insurance_message: string | null;
  info_for_patient: string | null;
  info_for_paid_patient: string | null;
  form_customization: FormCustomization;
  slot_interval_minutes: number;
  google_review_url: string | null;
  notification_email: string | null;
  review_request_delay_hours: number | null;
  /** Its own texting number or Messaging Service SID; null: TWILIO_FROM (ADR 0033). */
  sms_from: string | null;
  reschedule_cutoff_hours: number;
  cancel_cutoff_hours: number;
  max_reschedules: number;
  refund_deposit_if_cancelled_hours_before: number;
  reminder_rules: ReminderRule[];
  quiet_hours: QuietHours;
  reminders_show_reason: boolean;
  pms: { type: 'builtin' } | { type: 'opendental'; customer_key: string };
  /** Clinics with a zone of their own, by pms_clinic_num (ADR 0061); read through timeZoneAtClinic. */
  clinic_time_zones: Record<string, string>;
  /** Its texts in other languages (ADR 0034); `{}` when it gives none. */
  translations: Translations<PracticeTextField>;
}

/** A clinic as the booking page gets it, with its texts in other languages still beside it. */
export type ClinicRow = Clinic & { translations: Translations<ClinicTextField> };

export interface ReasonRow {
  id: string;
  name: string;
  final_duration: number;
  amount_cents: number;
  for_new_patients: boolean;
  for_returning_patients: boolean;
  is_active: boolean;
  is_payment_enabled: boolean;
  to_show_providers: boolean;
  /** pms_prov_num list; empty means every provider. */
  provider_nums: number[];
  /** pms_clinic_num list; empty means every clinic. */
  clinic_nums: number[];
  translations: Translations<ReasonTextField>;
}

// A clinic without a zone of its own keeps the practice's (ADR 0061), so the page always gets one.
const CLINIC_COLUMNS = `id, pms_clinic_num, display_name, pms_abbr, display_location, pms_city, display_address,
  pms_address1, display_phone, pms_state, pms_zip, translations,
  coalesce(time_zone, (select p.server_tz from practices p where p.id = clinics.practice_id)) as time_zone`;

// Deactivated clinics count too: their bookings keep being read in their clinic's zone.
const PRACTICE_SELECT = `select p.*, coalesce((select jsonb_object_agg(c.pms_clinic_num::text, c.time_zone)
    from clinics c where c.practice_id = p.id and c.time_zone is not null), '{}'::jsonb) as clinic_time_zones
  from practices p`;

const REASON_SELECT = `
  select r.id, r.name, r.final_duration, r.amount_cents, r.for_new_patients, r.for_returning_patients,
         r.is_active, r.is_payment_enabled, r.to_show_providers, r.translations,
         coalesce((select array_agg(p.pms_prov_num order by p.pms_prov_num) from reason_providers p
           where p.reason_id = r.id), '{}') as provider_nums,
         coalesce((select array_agg(c.pms_clinic_num order by c.pms_clinic_num) from reason_clinics c
           where c.reason_id = r.id), '{}') as clinic_nums
    from reasons_for_visit r`;

export async function findPracticeByFormUrl(db: Queryable, formUrl: string): Promise<PracticeRow | null> {
  const rows = await db.query<PracticeRow>(`${PRACTICE_SELECT} where p.form_url = $1`, [formUrl]);
  return rows[0] ?? null;
}

export async function findPracticeById(db: Queryable, id: string): Promise<PracticeRow | null> {
  const rows = await db.query<PracticeRow>(`${PRACTICE_SELECT} where p.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listPracticeFormUrls(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ form_url: string }>('select form_url from practices order by created_at, form_url');
  return rows.map((row) => row.form_url);
}

export async function listActiveClinics(db: Queryable, practiceId: string): Promise<ClinicRow[]> {
  return db.query<ClinicRow>(
    `select ${CLINIC_COLUMNS} from clinics where practice_id = $1 and is_active order by sort_order, pms_clinic_num`,
    [practiceId],
  );
}

export async function listActiveProviders(db: Queryable, practiceId: string): Promise<Provider[]> {
  return db.query<Provider>(
    `select id as provider_id, pms_prov_num, profile_pic, provider_display_name, provider_first_name, provider_last_name
       from providers where practice_id = $1 and is_active order by sort_order, pms_prov_num`,
    [practiceId],
  );
}

export async function findActiveReason(db: Queryable, practiceId: string, reasonId: string): Promise<ReasonRow | null> {
  const rows = await db.query<ReasonRow>(`${REASON_SELECT} where r.practice_id = $1 and r.is_active and r.id = $2`, [
    practiceId,
    reasonId,
  ]);
  return rows[0] ?? null;
}

export async function findActiveClinic(
  db: Queryable,
  practiceId: string,
  clinicNum: number,
): Promise<ClinicRow | null> {
  const rows = await db.query<ClinicRow>(
    `select ${CLINIC_COLUMNS} from clinics where practice_id = $1 and pms_clinic_num = $2 and is_active`,
    [practiceId, clinicNum],
  );
  return rows[0] ?? null;
}

export async function listActiveReasons(db: Queryable, practiceId: string): Promise<ReasonRow[]> {
  return db.query<ReasonRow>(
    `${REASON_SELECT} where r.practice_id = $1 and r.is_active order by r.sort_order, r.name`,
    [practiceId],
  );
}

/** The name patients see: the display name, otherwise first and last name (spec section 3). */
export async function findProviderName(db: Queryable, practiceId: string, provNum: number): Promise<string | null> {
  const [row] = await db.query<{ name: string | null }>(
    `select coalesce(nullif(trim(provider_display_name), ''), nullif(trim(concat_ws(' ', provider_first_name,
      provider_last_name)), '')) as name
       from providers where practice_id = $1 and pms_prov_num = $2`,
    [practiceId, provNum],
  );
  return row?.name ?? null;
}

/** Every practice's active reasons that take a payment, for the start-up check of ADR 0029. */
export async function listActivePaidReasons(db: Queryable): Promise<{ form_url: string; name: string }[]> {
  return db.query<{ form_url: string; name: string }>(
    `select p.form_url, r.name from reasons_for_visit r join practices p on p.id = r.practice_id
      where r.is_active and r.is_payment_enabled order by p.form_url, r.sort_order, r.name`,
  );
}

/** True once any practice was imported (active or not): demo data goes only into an empty database. */
export async function hasAnyPractice(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ has_practice: boolean }>('select exists (select 1 from practices) as has_practice');
  return row?.has_practice === true;
}

/** The booking page's path segment of an appointment's practice (for a link minted afresh). */
export async function findFormUrlOfAppointment(db: Queryable, appointmentId: string): Promise<string | null> {
  const [row] = await db.query<{ form_url: string }>(
    'select p.form_url from appointments a join practices p on p.id = a.practice_id where a.id = $1',
    [appointmentId],
  );
  return row?.form_url ?? null;
}

export async function listPracticeNames(db: Queryable): Promise<{ form_url: string; name: string }[]> {
  return db.query<{ form_url: string; name: string }>('select form_url, name from practices order by name, form_url');
}
