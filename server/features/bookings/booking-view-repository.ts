import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { Translations } from '#domain/practice/practice-translations.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * The booking view (ADR 0073): a booking as the features that show or message it read it, the
 * appointment with its reason, clinic, provider and patient. The bookings feature owns it; others
 * read it through `booking-view.ts`.
 */
export interface BookingView {
  id: string;
  practice_id: string;
  reference: string;
  status: BookingStatus;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
  pms_prov_num: number;
  pms_clinic_num: number | null;
  pms_apt_num: number | null;
  reschedule_count: number;
  language: 'en' | 'es';
  /** Booked by staff for a patient who phoned (ADR 0038): its e-mails do not say "Booked online" (ADR 0066). */
  is_booked_by_staff: boolean;
  email: string | null;
  wireless_phone: string | null;
  payment_status: 'pending' | 'paid' | 'unpaid' | 'refund_pending' | 'refunded' | null;
  amount_cents: number | null;
  refund_cents: number | null;
  payment_session_id: string | null;
  payment_intent_id: string | null;
  first_name: string;
  last_name: string;
  booker_first_name: string | null;
  booker_last_name: string | null;
  reason_id: string;
  reason_name: string;
  reason_translations: Translations<'name'> | null;
  reason_is_active: boolean;
  clinic_name: string | null;
  clinic_translations: Translations<'display_name' | 'display_location'> | null;
  clinic_address: string | null;
  clinic_city: string | null;
  clinic_state: string | null;
  clinic_zip: string | null;
  clinic_phone: string | null;
  provider_name: string | null;
  provider_is_active: boolean | null;
}

export async function selectBookingView(db: Queryable, appointmentId: string): Promise<BookingView | null> {
  const [row] = await db.query<BookingView>(
    `select a.id, a.practice_id, a.reference, a.status, a.starts_at, a.ends_at, a.created_at, a.pms_prov_num,
      a.pms_clinic_num, a.pms_apt_num::integer as pms_apt_num,
            a.reschedule_count, a.language, a.email, a.wireless_phone, a.payment_status, a.amount_cents, a.refund_cents,
              a.payment_session_id, a.payment_intent_id,
              coalesce(a.source_meta->>'channel' = 'staff', false) as is_booked_by_staff,
            pt.first_name, pt.last_name, a.booker_first_name, a.booker_last_name,
            r.id as reason_id, r.name as reason_name, r.translations as reason_translations,
              r.is_active as reason_is_active,
            c.display_name as clinic_name, c.translations as clinic_translations, c.display_address as clinic_address,
            c.pms_city as clinic_city, c.pms_state as clinic_state, c.pms_zip as clinic_zip,
              c.display_phone as clinic_phone,
            coalesce(nullif(trim(pv.provider_display_name), ''), nullif(trim(concat_ws(' ', pv.provider_first_name,
              pv.provider_last_name)), '')) as provider_name,
            pv.is_active as provider_is_active
       from appointments a
       join patients pt on pt.id = a.patient_id
       join reasons_for_visit r on r.id = a.reason_id
       left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
       left join providers pv on pv.practice_id = a.practice_id and pv.pms_prov_num = a.pms_prov_num
      where a.id = $1`,
    [appointmentId],
  );
  return row ?? null;
}

/** What a booking's confirmation and the practice's notice are made of (ADR 0069): the stored booking's own words. */
export interface BookedMessageRow {
  id: string;
  reference: string;
  practice_id: string;
  status: BookingStatus;
  starts_at: Date | null;
  ends_at: Date | null;
  pms_prov_num: number;
  pms_clinic_num: number | null;
  reason_name: string;
  reason_translations: Translations<'name'> | null;
  language: 'en' | 'es';
  first_name: string;
  last_name: string;
  dob: string;
  email: string | null;
  wireless_phone: string | null;
  patient_status: string | null;
  message: string;
  booker_first_name: string | null;
  booker_last_name: string | null;
  payment_status: BookingView['payment_status'];
  amount_cents: number | null;
  reschedule_count: number;
  is_booked_by_staff: boolean;
}

export async function selectBookedMessageRow(db: Queryable, appointmentId: string): Promise<BookedMessageRow | null> {
  const [row] = await db.query<BookedMessageRow>(
    `select a.id, a.reference, a.practice_id, a.status, a.starts_at, a.ends_at, a.pms_prov_num, a.pms_clinic_num,
            r.name as reason_name, r.translations as reason_translations, a.language, p.first_name, p.last_name,
            to_char(p.dob, 'YYYY-MM-DD') as dob, a.email, a.wireless_phone, a.patient_status, a.message,
            a.booker_first_name, a.booker_last_name, a.payment_status, a.amount_cents, a.reschedule_count,
            coalesce(a.source_meta->>'channel' = 'staff', false) as is_booked_by_staff
       from appointments a
       join reasons_for_visit r on r.id = a.reason_id
       join patients p on p.id = a.patient_id
      where a.id = $1`,
    [appointmentId],
  );
  return row ?? null;
}
