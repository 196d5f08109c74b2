import { createHash } from 'node:crypto';
import { z } from 'zod';
import { composeBookingMessage, createBookingBodySchema, type BookingBody, type BookingResult } from '#domain/booking/booking-schemas.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { localDateOf, wallToInstants } from '#domain/time/zoned-time.ts';
import { PmsUnavailableError } from '../../adapters/pms/pms-adapter.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parseBody } from '../../http/request-parsing.ts';
import { PMS_UNAVAILABLE_MESSAGES, type AvailabilityService } from '../availability/availability-service.ts';
import type { CaptchaService, VerifiedChallenge } from '../captcha/captcha-service.ts';
import { findOrCreatePatient } from '../patients/patients-repository.ts';
import type { PracticeRow, ReasonRow } from '../practices/practices-repository.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { queueBookingMessages } from './booking-messages.ts';
import { insertAppointment, isOverlapViolation } from './bookings-repository.ts';
import { claimKey, findStoredResponse, storeResponse } from './idempotency-repository.ts';

export interface BookingRequest {
  body: unknown;
  botChallenge: string | undefined;
  idempotencyKey: string | undefined;
  clientIp: string;
}

export interface BookingResponse {
  status: number;
  body: { success: true; message: string; result: BookingResult };
}


export interface BookingsService {
  book(request: BookingRequest): Promise<BookingResponse>;
}

const PracticeRefSchema = z.object({ practice_id: z.uuid({ message: 'practice_id must be a practice id' }) }).loose();
const SLOT_TAKEN_MESSAGE = 'Sorry, this slot was just taken. Please choose another time.';

class IdempotentReplay extends Error {}

export function createBookingsService(deps: {
  db: Database;
  clock: Clock;
  practices: PracticesService;
  availability: AvailabilityService;
  captcha: CaptchaService;
}): BookingsService {
  async function replay(key: string, hash: string): Promise<BookingResponse | null> {
    const stored = await findStoredResponse(deps.db, key);
    if (!stored) return null;
    if (stored.request_hash !== hash) {
      throw AppError.validation('This Idempotency-Key was already used for a different booking.', { 'Idempotency-Key': 'already used for a different request' });
    }
    return { status: stored.response_status, body: stored.response_body as BookingResponse['body'] };
  }

  async function resolveSlot(tx: Queryable, practice: PracticeRow, reason: ReasonRow, body: BookingBody) {
    if (body.apt_date === null || body.start_time === null) {
      // Through `tx`: PGlite has one connection, so a query outside the transaction would wait on it.
      if (!(await deps.availability.isPmsUnavailable(practice, tx))) {
        throw AppError.validation('Please select a slot if you wish.', { apt_date: 'Please select a slot if you wish.' });
      }
      return null;
    }
    let offered;
    try {
      offered = await deps.availability.findOfferedSlot(tx, {
        practice, reason, date: body.apt_date, startTime: body.start_time, provNum: body.pms_prov_num, clinicNum: body.pms_clinic_num ?? null,
      });
    } catch (error) {
      if (error instanceof PmsUnavailableError) throw new AppError(503, 'PMS_UNAVAILABLE', PMS_UNAVAILABLE_MESSAGES[error.reason]);
      throw error;
    }
    if (!offered) throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    // The first occurrence of the wall time: the engine offers only that one (fall-back rule).
    const [startsAt] = wallToInstants(parseLocalDateTime(`${body.apt_date}T${body.start_time}`), practice.server_tz);
    if (startsAt === undefined) throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    return {
      provNum: offered.ProvNum,
      opNum: offered.OpNum,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + reason.final_duration * 60_000),
      record: offered,
    };
  }

  async function bookInTransaction(tx: Queryable, practice: PracticeRow, reason: ReasonRow, body: BookingBody, request: BookingRequest, key: string | undefined, hash: string, proof: VerifiedChallenge) {
    if (key && !(await claimKey(tx, key, hash))) throw new IdempotentReplay();
    await deps.captcha.consume(tx, proof);
    const slot = await resolveSlot(tx, practice, reason, body);
    const patientId = await findOrCreatePatient(tx, {
      practiceId: practice.id, firstName: body.first_name, lastName: body.last_name, dob: body.dob, email: body.email, wirelessPhone: body.wireless_phone,
    });
    const composedMessage = composeBookingMessage(body, reason.name);
    const appointmentId = await insertAppointment(tx, {
      practiceId: practice.id,
      reasonId: reason.id,
      patientId,
      provNum: slot?.provNum ?? body.pms_prov_num,
      opNum: slot?.opNum ?? body.pms_op_num,
      clinicNum: body.pms_clinic_num ?? null,
      startsAt: slot?.startsAt ?? null,
      endsAt: slot?.endsAt ?? null,
      status: slot ? 'booked' : 'requested',
      patientStatus: body.patient_status ?? null,
      isPatient: body.is_patient,
      booker: body.booker,
      email: body.email,
      wirelessPhone: body.wireless_phone,
      userMessage: body.message ?? null,
      message: composedMessage,
      consentedAt: deps.clock.now(),
      clientIp: request.clientIp,
      referrerId: body.referrer_id ?? null,
      sourceMeta: body.source_meta ?? null,
      utmDetails: body.utm_details ?? null,
      userMeta: body.user_meta ?? null,
      fingerprint: body.user_meta?.fingerprint ?? null,
      insurance: body.insurance,
    }).catch((error: unknown) => {
      if (isOverlapViolation(error)) throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
      throw error;
    });
    await queueBookingMessages(
      tx,
      { appointmentId, practice, reason, body, composedMessage, slot: slot ? { startsAt: slot.startsAt, endsAt: slot.endsAt, provNum: slot.provNum } : null },
      deps.clock.now(),
    );
    const response: BookingResponse = {
      status: 201,
      body: {
        success: true,
        message: slot ? 'Appointment Booked' : 'Appointment request received. The office will call you to schedule a time.',
        result: {
          appointment_id: appointmentId,
          status: slot ? 'booked' : 'requested',
          apt_date: slot ? body.apt_date : null,
          start_time: slot ? body.start_time : null,
          end_time: slot ? slot.record.DateTimeEnd.slice(11) : null,
          pms_prov_num: slot?.provNum ?? body.pms_prov_num,
          pms_op_num: slot?.opNum ?? body.pms_op_num,
        },
      },
    };
    if (key) await storeResponse(tx, key, response.status, response.body);
    return response;
  }

  return {
    async book(request) {
      const key = request.idempotencyKey;
      if (key !== undefined && !/^[\w-]{8,200}$/.test(key)) throw AppError.badRequest('Idempotency-Key must be 8 to 200 letters, digits, dashes or underscores.');
      const hash = createHash('sha256').update(stableStringify(request.body)).digest('hex');
      if (key) {
        const earlier = await replay(key, hash);
        if (earlier) return earlier;
      }
      const { practice_id } = parseBody(PracticeRefSchema, request.body);
      const practice = await deps.practices.requirePractice(practice_id);
      if (!practice.is_accepting_patients) throw new AppError(403, 'FORBIDDEN', 'This practice is currently not accepting any appointments.');
      const body = parseBody(
        createBookingBodySchema({
          today: localDateOf(deps.clock.now(), practice.server_tz),
          toShowInsurances: practice.to_show_insurances,
          optionalInsuranceFields: practice.optional_insurance_fields,
        }),
        request.body,
      );
      // Only bots fill the hidden field; they learn nothing from a generic answer.
      if (body.hp) throw AppError.badRequest('The request could not be processed.');
      const reason = await deps.practices.requireActiveReason(practice.id, body.rfv_id);
      checkPatientStatus(reason, body);
      const proof = await deps.captcha.verify(request.botChallenge);
      try {
        const response = await deps.db.transaction((tx) => bookInTransaction(tx, practice, reason, body, request, key, hash, proof));
        deps.availability.invalidatePractice(practice.id);
        return response;
      } catch (error) {
        if (error instanceof IdempotentReplay && key) {
          const earlier = await replay(key, hash);
          if (earlier) return earlier;
        }
        throw error;
      }
    },
  };
}

function checkPatientStatus(reason: ReasonRow, body: BookingBody) {
  const allowed = body.patient_status === 'Returning Patient' ? reason.for_returning_patients : body.patient_status === 'New Patient' ? reason.for_new_patients : true;
  if (!allowed) throw AppError.validation('This reason for visit is not offered for this patient status.', { patient_status: 'not offered for this reason' });
}

/** JSON with sorted keys, so a retry that serialises the same body differently still matches. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
