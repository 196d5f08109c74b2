import { canGiveTime, canMove } from '#domain/booking/booking-lifecycle.ts';
import type { StaffAppointment, StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { paymentStateOf } from '../../manage/manage-view.ts';
import { canUndoMark } from './mark-undo.ts';
import type { ConsentRow, DeliveryRow, DetailRow, ScheduleRow, StaffActionRow } from './staff-schedule-repository.ts';

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

const LIFECYCLE_ACTIONS: Record<string, string> = {
  confirmed: 'appointment.confirm',
  arrived: 'appointment.arrived',
  no_show: 'appointment.no_show',
  cancelled: 'appointment.cancel',
  rescheduled: 'appointment.reschedule',
};
const ACTION_TEXTS: Record<string, string> = {
  'appointment.create': 'Booked by phone',
  'appointment.confirm': 'Confirmed',
  'appointment.arrived': 'Marked arrived',
  'appointment.no_show': 'Marked no-show',
  'appointment.cancel': 'Cancelled',
  'appointment.reschedule': 'Moved',
  'appointment.schedule': 'Given a time',
  'appointment.resend_confirmation': 'Confirmation sent again',
  'appointment.undo': 'Undone',
};
const STATUS_WORDS: Record<string, string> = { arrived: 'arrived', no_show: 'no-show', booked: 'booked' };

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

function staffActionText(row: StaffActionRow): string {
  const what = ACTION_TEXTS[row.action] ?? row.action;
  const reason = text(row.details.reason);
  const from = text(row.details.from);
  const to = text(row.details.to);
  if (row.action === 'appointment.reschedule' && from && to) return `${what} from ${from} to ${to}`;
  if (row.action === 'appointment.schedule' && to) return `${what}: ${to}`;
  if (row.action === 'appointment.undo' && from && to)
    return `${what}: ${STATUS_WORDS[from] ?? from}, back to ${STATUS_WORDS[to] ?? to}`;
  if (row.action === 'appointment.cancel')
    return `${what}${reason ? `: ${reason}` : ''}${
      row.details.refund_cents ? ` (refund ${row.details.refund_cents} cents)` : ''
    }`;
  return what;
}

/**
 * Oldest first: the lifecycle's facts (booked, confirmed, moved, cancelled, ...) and each staff
 * action. A fact that a staff action made is told once, by the action, which says who.
 */
export function historyOf(row: DetailRow, actions: readonly StaffActionRow[]): StaffAppointmentDetail['history'] {
  const facts: { at: Date | null; what: string; key: string | null; by: string | null }[] = [
    // A phone booking's making is the staff action 'appointment.create', which says who.
    { at: row.booked_by_staff ? null : row.created_at, what: 'Booked online', key: null, by: null },
    { at: row.confirmed_at, what: 'Confirmed', key: 'confirmed', by: null },
    { at: row.rescheduled_at, what: 'Moved', key: 'rescheduled', by: null },
    { at: row.arrived_at, what: 'Arrived', key: 'arrived', by: null },
    { at: row.no_show_at, what: 'No-show', key: 'no_show', by: null },
    {
      at: row.cancelled_at,
      what: `Cancelled${row.cancel_reason ? `: ${row.cancel_reason}` : ''}`,
      key: 'cancelled',
      by: row.cancelled_by,
    },
  ];
  const byStaff = (key: string, at: Date) =>
    actions.some(
      (a) => a.action === LIFECYCLE_ACTIONS[key] && Math.abs(new Date(a.at).getTime() - at.getTime()) < 60_000,
    );
  const history = facts
    .filter((fact): fact is typeof fact & { at: Date } => fact.at !== null && !(fact.key && byStaff(fact.key, fact.at)))
    .map((fact) => ({ at: fact.at.toISOString(), what: fact.what, by: fact.by }));
  history.push(
    ...actions.map((a) => ({ at: new Date(a.at).toISOString(), what: staffActionText(a), by: a.account_email })),
  );
  return history.sort((a, b) => a.at.localeCompare(b.at));
}

const detailText = (record: Record<string, unknown> | null, key: string) => text(record?.[key]);

export function toStaffAppointmentDetail(
  row: DetailRow,
  related: {
    consents: readonly ConsentRow[];
    deliveries: readonly DeliveryRow[];
    actions: readonly StaffActionRow[];
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
    history: historyOf(row, related.actions),
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
