import { canGiveTime, canMove } from '#domain/booking/booking-lifecycle.ts';
import type { StaffAppointment, StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { paymentStateOf } from '../../manage/manage-view.ts';
import { canUndoMark } from './mark-undo.ts';
import type { BookingEventRow } from '../../bookings/booking-view.ts';
import type { ConsentRow, DeliveryRow, DetailRow, ScheduleRow } from './staff-schedule-repository.ts';

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** The wall times of a booking in the zone given (its clinic's, ADR 0061); all null for a request without a time. */
export function wallTimes(row: Pick<ScheduleRow, 'starts_at' | 'ends_at'>, timeZone: string) {
  const start = row.starts_at ? formatInstantLocal(row.starts_at, timeZone) : null;
  const end = row.ends_at ? formatInstantLocal(row.ends_at, timeZone) : null;
  return {
    apt_date: start?.slice(0, 10) ?? null,
    start_time: start?.slice(11) ?? null,
    end_time: end?.slice(11) ?? null,
  };
}

export const isNewPatient = (row: Pick<ScheduleRow, 'patient_status'>) => row.patient_status === 'New Patient';

function common(row: ScheduleRow, isOpenDental: boolean) {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    rescheduled: row.reschedule_count > 0,
    payment: paymentStateOf(row),
    // Open Dental's write-back state; a booking not queued yet is on its way there.
    pms_write: isOpenDental ? (row.pms_write_status ?? 'pending') : null,
    pms_clinic_num: row.pms_clinic_num,
    pms_prov_num: row.pms_prov_num,
    pms_op_num: row.pms_op_num,
    reason: { id: row.reason_id, name: row.reason_name ?? '' },
    booked_by_staff: row.booked_by_staff,
  };
}

/** A row of the schedule's list, of search's and the export's (which hold only bookings with a time). */
export function toStaffAppointment(row: ScheduleRow, timeZone: string, isOpenDental: boolean): StaffAppointment {
  const times = wallTimes(row, timeZone);
  return {
    ...common(row, isOpenDental),
    starts_at: row.starts_at!.toISOString(),
    ends_at: row.ends_at!.toISOString(),
    apt_date: times.apt_date!,
    start_time: times.start_time!,
    end_time: times.end_time!,
    time_zone: timeZone,
    patient: { first_name: row.first_name, last_name: row.last_name, is_new: isNewPatient(row) },
  };
}

/** What staff may do now: the lifecycle's moves, and a no-show only once the visit should have begun. */
export function allowedActions(
  row: DetailRow,
  context: { now: Date; timeZone: string; isOpenDental: boolean },
): StaffAppointmentDetail['actions'] {
  const { now } = context;
  const hasBegun = row.starts_at !== null && row.starts_at.getTime() <= now.getTime();
  return {
    confirm: canMove(row.status, 'confirmed') && row.starts_at !== null,
    arrived: canMove(row.status, 'arrived') && row.starts_at !== null,
    no_show: canMove(row.status, 'no_show') && hasBegun,
    cancel: canMove(row.status, 'cancelled'),
    // For a request without a time: its first time (it becomes booked).
    reschedule: canGiveTime(row.status),
    resend_confirmation: ['requested', 'booked', 'confirmed'].includes(row.status) && row.email !== null,
    refundable_cents: row.payment_status === 'paid' ? (row.amount_cents ?? 0) : null,
    undo: canUndoMark(row, context),
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

/**
 * Oldest first: the booking's events (ADR 0069), each with its type, time, actor and detail; the console tells them in
 * words (`historyWords`). A booking made before events were kept has the ones migration 0035 back-filled.
 */
export function historyOf(events: readonly BookingEventRow[]): StaffAppointmentDetail['history'] {
  return events.map((event) => ({
    type: event.type,
    at: new Date(event.created_at).toISOString(),
    actor: event.actor,
    ...(event.detail ? { detail: event.detail } : {}),
  }));
}

const detailText = (record: Record<string, unknown> | null, key: string) => text(record?.[key]);

export function toStaffAppointmentDetail(
  row: DetailRow,
  related: {
    consents: readonly ConsentRow[];
    deliveries: readonly DeliveryRow[];
    events: readonly BookingEventRow[];
    others: readonly ScheduleRow[];
    replies: StaffAppointmentDetail['replies'];
  },
  context: { timeZone: string; isOpenDental: boolean; now: Date },
): StaffAppointmentDetail {
  return {
    ...common(row, context.isOpenDental),
    ...wallTimes(row, context.timeZone),
    time_zone: context.timeZone,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    patient: {
      first_name: row.first_name,
      last_name: row.last_name,
      is_new: isNewPatient(row),
      dob: row.dob,
      email: row.email,
      phone: row.wireless_phone,
      booked_by: row.booker_first_name
        ? { first_name: row.booker_first_name, last_name: row.booker_last_name ?? '', dob: row.booker_dob }
        : null,
    },
    provider_name: row.provider_name,
    chair_name: row.chair_name,
    clinic_name: row.clinic_name,
    message: row.user_message,
    insurance: row.insurance_details,
    language: row.language,
    consent: related.consents.map((c) => ({
      channel: c.channel,
      granted: c.granted,
      source: c.source,
      at: new Date(c.recorded_at).toISOString(),
    })),
    verification: { verified: row.has_verification, channel: null, at: iso(row.verified_at) },
    payment_detail: { amount_cents: row.payment_status === null ? null : row.amount_cents, paid_at: iso(row.paid_at) },
    tracking: {
      source: detailText(row.source_meta, 'source') ?? detailText(row.utm_details, 'utm_source'),
      campaign: detailText(row.utm_details, 'utm_campaign'),
      medium: detailText(row.utm_details, 'utm_medium'),
      referrer: row.referrer_id,
    },
    messages: related.deliveries.map((d) => ({
      channel: d.channel,
      kind: d.kind,
      recipient: d.recipient,
      status: d.status,
      error: d.error,
      at: new Date(d.updated_at).toISOString(),
    })),
    history: historyOf(related.events),
    actions: allowedActions(row, context),
    replies: related.replies,
    other_bookings: related.others.map((other) => ({
      id: other.id,
      reference: other.reference,
      status: other.status,
      starts_at: iso(other.starts_at),
      ...wallTimes(other, context.timeZone),
      reason_name: other.reason_name,
      provider_name: other.provider_name,
    })),
  };
}
