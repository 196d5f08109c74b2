import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { manageAllowance, type ManagePolicy } from '#domain/booking/manage-policy.ts';
import { manageApiPath, type ManagedAppointment, type PAYMENT_STATES } from '#domain/booking/manage-schemas.ts';
import { calendarLinks } from '#domain/calendar/calendar-links.ts';
import { addressLine } from '#domain/format/address-format.ts';
import type { Language } from '#domain/i18n/languages.ts';
import { CLINIC_TEXT_FIELDS, localiseTexts, reasonNameIn } from '#domain/practice/practice-translations.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { practiceAddress, practiceTextsIn } from '../practices/practice-texts.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import type { BookingView } from '../bookings/booking-view.ts';

/** The practice's policy as the domain reads it (the practice file's four keys, ADR 0036). */
export function managePolicyOf(practice: PracticeRow): ManagePolicy {
  return {
    rescheduleCutoffHours: practice.reschedule_cutoff_hours,
    cancelCutoffHours: practice.cancel_cutoff_hours,
    maxReschedules: practice.max_reschedules,
    refundDepositIfCancelledHoursBefore: practice.refund_deposit_if_cancelled_hours_before,
  };
}

/** The deposit a cancellation could give back: paid and not yet refunded. */
export const paidCentsOf = (row: Pick<BookingView, 'payment_status' | 'amount_cents'>) =>
  row.payment_status === 'paid' ? (row.amount_cents ?? 0) : null;

export function allowanceOf(row: BookingView, practice: PracticeRow, now: Date) {
  return manageAllowance(
    {
      status: row.status,
      startsAt: row.starts_at,
      createdAt: row.created_at,
      rescheduleCount: row.reschedule_count,
      paidCents: paidCentsOf(row),
      isOffered: row.reason_is_active,
    },
    managePolicyOf(practice),
    now,
  );
}

/** Where the visit is: the clinic's name and address, or the practice's address. */
export function locationOf(
  row: BookingView,
  practice: PracticeRow,
  language: Language,
): { name: string | null; address: string } {
  const practiceLine = practiceAddress(practice);
  if (row.pms_clinic_num === null || (row.clinic_name === null && row.clinic_address === null))
    return { name: null, address: practiceLine ?? '' };
  const clinic = localiseTexts(
    { display_name: row.clinic_name, display_location: null as string | null },
    CLINIC_TEXT_FIELDS,
    row.clinic_translations,
    language,
  );
  const address = addressLine({
    display_address: row.clinic_address,
    pms_address1: null,
    city: row.clinic_city,
    state: row.clinic_state,
    zip: row.clinic_zip,
  });
  return { name: clinic.display_name, address: address ?? practiceLine ?? '' };
}

/** The one line a message names the place by ("Clinic, 1 Main St, City") and the phone to call. */
export function placeOf(
  row: BookingView,
  practice: PracticeRow,
  language: Language,
): { where: string; phone: string | null } {
  const location = locationOf(row, practice, language);
  return {
    where: [location.name ?? practice.name, location.address].filter(Boolean).join(', '),
    phone: row.clinic_phone ?? practice.phone,
  };
}

/** A booking of a paid reason that was booked without its payment, still upcoming. */
export const canPayOnline = (row: Pick<BookingView, 'payment_status' | 'payment_session_id'>, state: string) =>
  row.payment_status === 'unpaid' &&
  row.payment_session_id !== null &&
  ['booked', 'confirmed', 'rescheduled'].includes(state);

/** The payment as patients and staff read it: `not_required` when the reason costs nothing. */
export function paymentStateOf(row: Pick<BookingView, 'payment_status'>): (typeof PAYMENT_STATES)[number] {
  switch (row.payment_status) {
    case null:
      return 'not_required';
    case 'pending':
      return 'unpaid';
    default:
      return row.payment_status;
  }
}

/** The `GET manage/{token}` answer: the booking, its state, and what the policy allows now. */
export function toManagedAppointment(
  row: BookingView,
  practice: PracticeRow,
  token: string,
  now: Date,
  language: Language,
): ManagedAppointment {
  const allowance = allowanceOf(row, practice, now);
  const texts = practiceTextsIn(practice, language);
  const location = locationOf(row, practice, language);
  const local = (instant: Date | null) =>
    instant ? formatInstantLocal(instant, timeZoneAtClinic(practice, row.pms_clinic_num)) : null;
  const start = local(row.starts_at);
  const end = local(row.ends_at);
  const iso = (instant: Date | null) => instant?.toISOString() ?? null;
  const hasCalendar = row.starts_at !== null && row.ends_at !== null && allowance.state !== 'cancelled';
  return {
    reference: row.reference,
    status: row.status,
    state: allowance.state,
    rescheduled: row.reschedule_count > 0,
    language: row.language,
    practice: {
      id: practice.id,
      name: texts.name,
      form_url: practice.form_url,
      phone: row.clinic_phone ?? practice.phone,
      time_zone: timeZoneAtClinic(practice, row.pms_clinic_num),
    },
    location,
    pms_clinic_num: row.pms_clinic_num,
    reason: {
      id: row.reason_id,
      name: reasonNameIn({ name: row.reason_name, translations: row.reason_translations }, language),
      is_active: row.reason_is_active,
    },
    // 0 is "first available": a request without a time has no provider yet.
    provider: row.pms_prov_num > 0 ? { pms_prov_num: row.pms_prov_num, name: row.provider_name } : null,
    apt_date: start?.slice(0, 10) ?? null,
    start_time: start?.slice(11) ?? null,
    end_time: end?.slice(11) ?? null,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    patient: { first_name: row.first_name, last_name: row.last_name },
    payment: {
      state: paymentStateOf(row),
      amount_cents: row.payment_status === null ? null : (row.refund_cents ?? row.amount_cents),
      can_pay: canPayOnline(row, allowance.state),
    },
    confirmation: {
      is_confirmed: row.status === 'confirmed',
      can_confirm: row.status === 'booked' && row.starts_at !== null && row.starts_at.getTime() > now.getTime(),
    },
    policy: {
      can_reschedule: allowance.canReschedule,
      reschedule_refusal: allowance.rescheduleRefusal,
      reschedule_until: iso(allowance.rescheduleUntil),
      reschedules_left: allowance.reschedulesLeft,
      can_cancel: allowance.canCancel,
      cancel_refusal: allowance.cancelRefusal,
      cancel_until: iso(allowance.cancelUntil),
      refund_until: iso(allowance.refundUntil),
      refund_cents_if_cancelled_now: allowance.refundCentsIfCancelledNow,
      reschedule_cutoff_hours: practice.reschedule_cutoff_hours,
      cancel_cutoff_hours: practice.cancel_cutoff_hours,
    },
    calendar: hasCalendar
      ? {
          ics_path: manageApiPath(token, 'calendar.ics'),
          ...calendarLinks({
            title: texts.name,
            location: [location.name, location.address].filter(Boolean).join(', '),
            start: row.starts_at!,
            end: row.ends_at!,
          }),
        }
      : null,
  };
}
