import type { PAYMENT_STATES } from '#domain/booking/manage-schemas.ts';
import type { StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import type { StaffAppointmentRow } from './staff-appointment-rows-repository.ts';

/** The manage page's reading of a payment: no payment row is "not required", a pending checkout "unpaid". */
export function paymentOf(row: Pick<StaffAppointmentRow, 'payment_status'>): (typeof PAYMENT_STATES)[number] {
  if (row.payment_status === null) return 'not_required';
  return row.payment_status === 'pending' ? 'unpaid' : row.payment_status;
}

/** Wall date and times of the practice. */
export function localTimesOf(row: Pick<StaffAppointmentRow, 'starts_at' | 'ends_at' | 'time_zone'>) {
  const start = formatInstantLocal(row.starts_at, row.time_zone);
  const end = formatInstantLocal(row.ends_at, row.time_zone);
  return { apt_date: start.slice(0, 10), start_time: start.slice(11), end_time: end.slice(11) };
}

export const isNewPatient = (row: Pick<StaffAppointmentRow, 'patient_status'>) => row.patient_status === 'New Patient';

/**
 * A row in the schedule's StaffAppointment shape (domain/staff/staff-appointment-schemas.ts).
 * `booked_by_staff` is false, as on the schedule, until the booking row says who made it.
 */
export function toStaffAppointment(row: StaffAppointmentRow): StaffAppointment {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    rescheduled: row.reschedule_count > 0,
    payment: paymentOf(row),
    // As the schedule says it: Open Dental's write-back state, a booking not queued yet on its way there.
    pms_write: row.is_open_dental ? (row.pms_write_status ?? 'pending') : null,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    ...localTimesOf(row),
    pms_clinic_num: row.pms_clinic_num,
    pms_prov_num: row.pms_prov_num,
    pms_op_num: row.pms_op_num,
    reason: { id: row.reason_id, name: row.reason_name ?? '' },
    patient: { first_name: row.first_name, last_name: row.last_name, is_new: isNewPatient(row) },
    booked_by_staff: false,
  };
}
