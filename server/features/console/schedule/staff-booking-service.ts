import type { BookingBody } from '#domain/booking/booking-schemas.ts';
import { reasonPatientTypeRefusal } from '#domain/booking/reason-patient-rule.ts';
import type { StaffBookingBody, StaffBookingCreated } from '#domain/staff/staff-booking-schemas.ts';
import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { BookingsService } from '../../bookings/bookings-service.ts';
import type {
  BookingTransactionDeps,
  CreatedAppointment,
  PreparedBooking,
} from '../../bookings/booking-transaction.ts';
import type { PracticeRow } from '../../practices/practices-service.ts';

export type StaffBookingDeps = Pick<BookingTransactionDeps, 'practices'> & { bookings: BookingsService };

/** Who books, from the session: their practice (the session's) scopes every lookup. */
export interface StaffBooker {
  practice: PracticeRow;
  accountId: string;
  /** Named in the booking's history (ADR 0069). */
  email: string;
  ip: string;
}

/**
 * Books a patient who phoned (ADR 0038) through the patient's own booking transaction: the body is
 * turned into the booking the patient's form would have sent, marked as made by staff. Another
 * practice's reason is not found (404); another practice's provider or clinic has no free time here
 * (422 SLOT_UNAVAILABLE), so nothing is ever booked outside the session's practice.
 */
export async function bookPatientWhoPhoned(
  deps: StaffBookingDeps,
  who: StaffBooker,
  body: StaffBookingBody,
  alsoInTransaction: (tx: Queryable, created: CreatedAppointment) => Promise<void>,
): Promise<StaffBookingCreated> {
  const { practice } = who;
  const reason = await deps.practices.requireActiveReason(practice.id, body.reason_id);
  const patientStatus = body.is_new_patient ? 'New Patient' : 'Returning Patient';
  // The reason's rule holds for staff too (a reason for new patients only).
  const refusal = reasonPatientTypeRefusal(reason, patientStatus);
  if (refusal) throw AppError.validation(refusal, { is_new_patient: refusal });
  const prepared: PreparedBooking = {
    practice,
    reason,
    body: asBookingBody(body, practice.id, who.accountId, patientStatus),
    proof: null,
    clientIp: who.ip,
    verificationTokenHash: null,
    byStaff: { accountId: who.accountId, email: who.email, agreedToContact: body.agreed_to_contact },
  };
  const created = await deps.bookings.bookPrepared(prepared, alsoInTransaction);
  const { result } = created;
  return {
    id: created.appointmentId,
    reference: result.reference,
    status: result.status,
    apt_date: result.apt_date ?? body.apt_date,
    start_time: result.start_time ?? body.start_time,
    end_time: result.end_time ?? '',
    pms_prov_num: result.pms_prov_num,
    pms_op_num: result.pms_op_num,
  };
}

/**
 * What the patient's form would have sent. `source_meta` marks the booking as made by staff: the
 * patient's own source_meta is stripped to source/gclid/fbclid (booking-schemas.ts), so no patient
 * can forge it, and the schedule reads `source_meta->>'channel' = 'staff'` as booked_by_staff.
 */
function asBookingBody(
  body: StaffBookingBody,
  practiceId: string,
  accountId: string,
  patientStatus: BookingBody['patient_status'],
): BookingBody {
  return {
    practice_id: practiceId,
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email,
    wireless_phone: body.wireless_phone,
    dob: body.dob,
    rfv_id: body.reason_id,
    pms_op_num: 0,
    pms_prov_num: body.pms_prov_num,
    apt_date: body.apt_date,
    start_time: body.start_time,
    end_time: null,
    patient_status: patientStatus,
    is_patient: true,
    booker: null,
    message: body.message ?? null,
    referrer_id: null,
    user_meta: null,
    source_meta: { channel: 'staff', staff_account_id: accountId } as BookingBody['source_meta'],
    pms_clinic_num: body.pms_clinic_num ?? null,
    is_concented: true,
    utm_details: null,
    payment_details: null,
    has_insurance: Boolean(body.insurance),
    insurance: body.insurance ?? null,
    language: body.language,
  };
}
