import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  composeBookingMessage,
  type BookingBody,
  type BookingResult,
  type PatientStatus,
} from '#domain/booking/booking-schemas.ts';
import {
  NEW_PATIENTS_ONLY_MESSAGE,
  reasonPatientTypeRefusal,
  RETURNING_PATIENTS_ONLY_MESSAGE,
} from '#domain/booking/reason-patient-rule.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { localDateOf, wallToInstants } from '#domain/time/zoned-time.ts';
import { PmsUnavailableError } from '../../adapters/pms/pms-adapter.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator, type Localized } from '../../i18n/translate.ts';
import * as sharedMessages from '#domain/booking/booking-texts.messages.ts';
import * as messages from './bookings.messages.ts';

const t = translator(messages);
/** Sentences the booking page shows too: one home for each (domain/booking/booking-texts.messages.ts). */
const shared = translator(sharedMessages);

/** The domain rule's English refusals, in the patient's language. */
const REFUSAL_TEXTS: Record<string, Localized> = {
  [NEW_PATIENTS_ONLY_MESSAGE]: shared.localized('newPatientsOnly'),
  [RETURNING_PATIENTS_ONLY_MESSAGE]: shared.localized('returningPatientsOnly'),
};

import { parseBody } from '../../http/request-parsing.ts';
import { pmsUnavailable, type AvailabilityService } from '../availability/availability-service.ts';
import type { CaptchaService, VerifiedChallenge } from '../captcha/captcha-service.ts';
import { findOrCreatePatient, patientExists } from '../patients/patients-service.ts';
import type { PracticeRow, PracticesService, ReasonRow } from '../practices/practices-service.ts';
import { requireVerification, spendVerification } from '../verification/require-verification.ts';
import { queueBehindSamePatientAndChairBookings } from './bookings-repository.ts';
import { refuseSecondChairOfPatient } from './already-booked.ts';
import { explainUnofferedSlot, slotUnavailable } from './slot-refusal.ts';
import { insertBookingRow, recordConsentOfBooking, type InsertMode } from './booking-records.ts';
import { recordBookingCreated } from './booking-lifecycle-steps.ts';
import { noticeFor } from '#domain/availability/booking-notice.ts';
import { bookingBodySchemaFor } from './booking-body-schemas.ts';

/**
 * The steps every booking shares, whether it books at once (`POST appointment`) or holds the
 * slot while the patient pays (`POST stripe/create-session`): one validation, one slot check,
 * one insert under the exclusion constraints.
 */

export interface BookingRequest {
  body: unknown;
  botChallenge: string | undefined;
  idempotencyKey: string | undefined;
  clientIp: string;
  /** The `X-Verification-Token` header: the proof from `verify/verify-otp` (ADR 0012). */
  verificationToken?: string | undefined;
}

export interface BookingTransactionDeps {
  db: Queryable;
  clock: Clock;
  practices: PracticesService;
  availability: AvailabilityService;
  captcha: CaptchaService;
  /** The deployment's public address, for the manage link in the confirmation (ADR 0036). */
  publicUrl: string;
}

export interface PreparedBooking {
  practice: PracticeRow;
  reason: ReasonRow;
  body: BookingBody;
  /** The bot check's proof; null for a booking staff make (a signed-in console answers no challenge). */
  proof: VerifiedChallenge | null;
  clientIp: string;
  /** The verification token's hash when the practice verifies: spent by the booking that commits. */
  verificationTokenHash: string | null;
  /**
   * Set when staff book for a patient who phoned (ADR 0038, staff-booking-service.ts): any free time
   * (the practice's minimum notice does not bind staff, the past still does), and the consent is the
   * patient's answer on the phone, recorded with source 'staff' (agreed or not).
   */
  byStaff?: { accountId: string; email: string; agreedToContact: boolean };
}

export interface CreatedAppointment {
  appointmentId: string;
  result: BookingResult;
  slot: { startsAt: Date; endsAt: Date; provNum: number } | null;
}

const PracticeRefSchema = z.object({ practice_id: z.uuid({ message: 'practice_id must be a practice id' }) }).loose();
export { SLOT_TAKEN_MESSAGE, slotTaken } from './slot-refusal.ts';

/** Everything that needs no transaction: practice, body, honeypot, reason, bot-check signature. */
export async function prepareBooking(
  deps: BookingTransactionDeps,
  request: Omit<BookingRequest, 'idempotencyKey'>,
): Promise<PreparedBooking> {
  const { practice_id, rfv_id: givenReasonId } = parseBody(PracticeRefSchema, request.body);
  // The reason is looked up beside the practice (one wait on PostgreSQL, ADR 0078); its refusal, if any, still
  // comes after the practice's and the body's.
  const reasonLookup =
    typeof givenReasonId === 'string' && z.uuid().safeParse(givenReasonId).success
      ? settledLater(deps.practices.requireActiveReason(practice_id, givenReasonId))
      : null;
  const practice = await deps.practices.requirePractice(practice_id);
  if (!practice.is_accepting_patients) throw new AppError(403, 'FORBIDDEN', shared.localized('notAccepting'));
  const body = parseBody(
    bookingBodySchemaFor({
      today: localDateOf(deps.clock.now(), practice.server_tz),
      toShowInsurances: practice.to_show_insurances,
      optionalInsuranceFields: practice.optional_insurance_fields,
      insuranceChoices: {
        names: practice.insurances.map((insurance) => insurance.insuranceName),
        acceptsOther: practice.accept_other_insurance,
      },
    }),
    request.body,
  );
  // Only bots fill the hidden field; they learn nothing from a generic answer.
  if (body.hp) throw AppError.badRequest(t.localized('requestNotProcessed'));
  const reason =
    reasonLookup && body.rfv_id === givenReasonId
      ? await reasonLookup
      : await deps.practices.requireActiveReason(practice.id, body.rfv_id);
  // Invariant 3: a practice that verifies patients needs a token for this contact (both the
  // direct booking and the payment hold come through here).
  const verificationTokenHash = await requireVerification(practice, body, request.verificationToken, deps);
  const proof = await deps.captcha.verify(request.botChallenge);
  // After the bot check: the rule may look the patient up, which nobody may do for free.
  const patientStatus = await decidePatientStatus(deps.db, practice.id, reason, body);
  const refusal = patientStatus && reasonPatientTypeRefusal(reason, patientStatus);
  if (refusal) {
    const text = REFUSAL_TEXTS[refusal] ?? refusal;
    throw AppError.validation(text, { patient_status: text });
  }
  if (patientStatus) body.patient_status = patientStatus;
  return { practice, reason, body, proof, clientIp: request.clientIp, verificationTokenHash };
}

/**
 * The patient type the booking is judged by: what the body says, or else the practice's own
 * record (a known name and birth date is a returning patient). Looked up only when the reason is
 * for one type: an open reason needs no answer (undefined, stored as the body left it).
 */
async function decidePatientStatus(
  db: Queryable,
  practiceId: string,
  reason: ReasonRow,
  body: BookingBody,
): Promise<PatientStatus | undefined> {
  if (body.patient_status) return body.patient_status;
  if (reason.for_new_patients && reason.for_returning_patients) return undefined;
  const known = await patientExists(db, {
    practiceId,
    firstName: body.first_name,
    lastName: body.last_name,
    dob: body.dob,
  });
  return known ? 'Returning Patient' : 'New Patient';
}

/**
 * Inside the caller's transaction: burn the bot check, re-run the slot engine through `tx`, find or
 * create the patient and insert the appointment with its `booking.created` event. The messages follow the event
 * (ADR 0069); a payment hold's follow its payment.
 */
export async function createAppointment(
  tx: Queryable,
  deps: BookingTransactionDeps,
  prepared: PreparedBooking,
  mode: InsertMode,
): Promise<CreatedAppointment> {
  const { practice, reason, body } = prepared;
  if (prepared.proof) await deps.captcha.consume(tx, prepared.proof);
  // Staff may book any free time: only the slot check sees the practice without its minimum notice.
  const slot = await resolveSlot(tx, deps, noticeFor(practice, prepared.byStaff ? 'staff' : 'patient'), reason, body);
  if (!slot && mode.status === 'pending_payment') {
    throw AppError.badRequest(t.localized('paidNeedsSlot'), { apt_date: shared.localized('slotRequired') });
  }
  const patientId = await findOrCreatePatient(tx, {
    practiceId: practice.id,
    firstName: body.first_name,
    lastName: body.last_name,
    dob: body.dob,
    email: body.email,
    wirelessPhone: body.wireless_phone,
  });
  // After the slot check, so a taken time still answers SLOT_TAKEN first (ADR 0062).
  if (slot) {
    const { provNum, opNum, startsAt, endsAt } = slot;
    const booking = { practiceId: practice.id, patientId, provNum, opNum, startsAt, endsAt };
    await queueBehindSamePatientAndChairBookings(tx, booking);
    const who = { patientId, email: body.email, wirelessPhone: body.wireless_phone };
    await refuseSecondChairOfPatient(tx, who, slot);
  }
  const composedMessage = composeBookingMessage(body, reason.name, prepared.byStaff ? 'staff' : 'patient');
  const status = slot ? mode.status : 'requested';
  const inserted = await insertBookingRow(tx, deps, prepared, {
    slot,
    status,
    mode,
    patientId,
    composedMessage,
  });
  const { id: appointmentId, reference } = inserted;
  await recordConsentOfBooking(tx, deps, prepared, appointmentId);
  const actor = prepared.byStaff
    ? { kind: 'staff' as const, email: prepared.byStaff.email }
    : { kind: 'patient' as const };
  await recordBookingCreated(tx, inserted, actor, deps.clock.now());
  // A hold only remembers the token (on the row above); the payment's completion spends it.
  if (prepared.verificationTokenHash && status !== 'pending_payment')
    await spendVerification(tx, prepared.verificationTokenHash, appointmentId);
  const bookedSlot = slot ? { startsAt: slot.startsAt, endsAt: slot.endsAt, provNum: slot.provNum } : null;
  return {
    appointmentId,
    slot: bookedSlot,
    result: {
      appointment_id: appointmentId,
      reference,
      status,
      apt_date: slot ? body.apt_date : null,
      start_time: slot ? body.start_time : null,
      end_time: slot ? slot.endWallTime : null,
      pms_prov_num: slot?.provNum ?? body.pms_prov_num,
      pms_op_num: slot?.opNum ?? body.pms_op_num,
    },
  };
}

async function resolveSlot(
  tx: Queryable,
  deps: BookingTransactionDeps,
  practice: PracticeRow,
  reason: ReasonRow,
  body: BookingBody,
) {
  if (body.apt_date === null || body.start_time === null) {
    // Through `tx`: PGlite has one connection, so a query outside the transaction would wait on it.
    if (!(await deps.availability.isPmsUnavailable(practice, tx))) {
      throw AppError.validation(shared.localized('slotRequired'), { apt_date: shared.localized('slotRequired') });
    }
    return null;
  }
  return findOfferedSlotOrRefuse(tx, deps, practice, reason, {
    date: body.apt_date,
    startTime: body.start_time,
    provNum: body.pms_prov_num,
    clinicNum: body.pms_clinic_num ?? null,
  });
}

export interface SlotTarget {
  date: string;
  startTime: string;
  /** 0: the earliest available provider. */
  provNum: number;
  clinicNum: number | null;
  /** A booking being moved: its own time counts as free. */
  ignore?: { appointmentId: string; pmsAptNum: number | null };
}

/**
 * The slot engine's answer for one time, run through `tx` (a booking, a payment hold or a
 * reschedule), with the refusal that says why when the time is not offered.
 */
export async function findOfferedSlotOrRefuse(
  tx: Queryable,
  deps: Pick<BookingTransactionDeps, 'availability' | 'clock'>,
  practice: PracticeRow,
  reason: ReasonRow,
  target: SlotTarget,
) {
  let offered;
  try {
    offered = await deps.availability.findOfferedSlot(tx, { practice, reason, ...target });
  } catch (error) {
    if (error instanceof PmsUnavailableError) throw pmsUnavailable(error.reason);
    throw error;
  }
  if (!offered) {
    throw await explainUnofferedSlot(tx, deps, {
      practice,
      reason,
      date: target.date,
      startTime: target.startTime,
      provNum: target.provNum,
      clinicNum: target.clinicNum,
    });
  }
  // The first occurrence of the wall time, on the clinic's clock (ADR 0061): the engine offers only that one.
  const timeZone = timeZoneAtClinic(practice, target.clinicNum);
  const [startsAt] = wallToInstants(parseLocalDateTime(`${target.date}T${target.startTime}`), timeZone);
  if (startsAt === undefined) throw slotUnavailable();
  return {
    provNum: offered.ProvNum,
    opNum: offered.OpNum,
    startsAt: new Date(startsAt),
    endsAt: new Date(startsAt + reason.final_duration * 60_000),
    endWallTime: offered.DateTimeEnd.slice(11),
  };
}

/** A promise awaited later, or never: its rejection is not unhandled meanwhile (it still rejects when awaited). */
export function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** JSON with sorted keys, so a retry that serialises the same body differently still matches. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableStringify(body)).digest('hex');
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
