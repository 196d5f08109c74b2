import { isOverlapViolation, type Queryable } from '../../db/database.ts';
import { recordBookingConsent, recordStaffTakenConsent } from '../consent/contact-consent.ts';
import type { BookingTransactionDeps, PreparedBooking } from './booking-transaction.ts';
import { insertAppointment } from './bookings-repository.ts';
import type { BookingState } from './booking-lifecycle-repository.ts';
import { slotTaken } from './slot-refusal.ts';

/**
 * What the booking transaction writes once its slot is settled (ADR 0011): the row, the patient's
 * contact consent (the confirmation follows its event, ADR 0069). Each runs in the caller's `tx`.
 */
type SettledSlot = { startsAt: Date; endsAt: Date; provNum: number; opNum: number } | null;
export type InsertMode = { status: 'booked' } | { status: 'pending_payment'; holdExpiresAt: Date; amountCents: number };

/** The appointment's row; a time taken meanwhile (the exclusion constraint) is SLOT_TAKEN. */
export async function insertBookingRow(
  tx: Queryable,
  deps: Pick<BookingTransactionDeps, 'clock'>,
  prepared: PreparedBooking,
  row: {
    slot: SettledSlot;
    status: 'requested' | InsertMode['status'];
    mode: InsertMode;
    patientId: string;
    composedMessage: string;
  },
): Promise<BookingState> {
  const { practice, reason, body } = prepared;
  const { slot, status, mode, patientId, composedMessage } = row;
  return insertAppointment(tx, {
    practiceId: practice.id,
    reasonId: reason.id,
    patientId,
    provNum: slot?.provNum ?? body.pms_prov_num,
    opNum: slot?.opNum ?? body.pms_op_num,
    clinicNum: body.pms_clinic_num ?? null,
    startsAt: slot?.startsAt ?? null,
    endsAt: slot?.endsAt ?? null,
    status,
    patientStatus: body.patient_status ?? null,
    isPatient: body.is_patient,
    booker: body.booker,
    email: body.email,
    wirelessPhone: body.wireless_phone,
    userMessage: body.message ?? null,
    message: composedMessage,
    consentedAt: deps.clock.now(),
    clientIp: prepared.clientIp,
    referrerId: body.referrer_id ?? null,
    sourceMeta: body.source_meta ?? null,
    utmDetails: body.utm_details ?? null,
    userMeta: body.user_meta ?? null,
    fingerprint: body.user_meta?.fingerprint ?? null,
    insurance: body.insurance,
    hold: mode.status === 'pending_payment' ? { expiresAt: mode.holdExpiresAt, amountCents: mode.amountCents } : null,
    verificationTokenHash: prepared.verificationTokenHash,
    language: body.language,
    isConsented: prepared.byStaff ? prepared.byStaff.agreedToContact : true,
  }).catch((error: unknown) => {
    if (isOverlapViolation(error)) throw slotTaken();
    throw error;
  });
}

/** Online, the ticked box; by staff, the patient's answer on the phone (agreed or not). */
export async function recordConsentOfBooking(
  tx: Queryable,
  deps: Pick<BookingTransactionDeps, 'clock'>,
  prepared: PreparedBooking,
  appointmentId: string,
): Promise<void> {
  const { practice, body } = prepared;
  const consent = {
    practiceId: practice.id,
    practiceName: practice.name,
    appointmentId,
    email: body.email,
    phone: body.wireless_phone,
    ip: prepared.clientIp,
    at: deps.clock.now(),
  };
  if (prepared.byStaff) await recordStaffTakenConsent(tx, { ...consent, granted: prepared.byStaff.agreedToContact });
  else
    await recordBookingConsent(tx, {
      ...consent,
      place: practice.to_verify_patient ? 'verification_step' : 'booking_form',
    });
}
