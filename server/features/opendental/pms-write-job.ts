import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { isBooked } from '#domain/booking/booking-lifecycle.ts';
import { z } from 'zod';
import { formatPhone } from '#domain/format/phone-format.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import type { OpenDentalClient } from '../../adapters/pms/opendental/opendental-client.ts';
import { patternFor } from '../../adapters/pms/opendental/opendental-availability.ts';
import {
  OdAppointmentSchema,
  OdPatientSchema,
  type OdAppointmentCreate,
  type OdPatientCreate,
} from '../../adapters/pms/opendental/opendental-schemas.ts';
import { pmsWritten, type RecordPmsWritten } from './pms-written.ts';
import type { OpenDentalConnector } from '../../adapters/pms/opendental/opendental-connector.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { enqueueJob, type JobContext, type JobHandler } from '../../jobs/job-queue.ts';
import { loadJobTarget, NOT_ON_OPEN_DENTAL, officeClient } from './pms-job-target.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import { checkConflicts, pickPatient } from './opendental-write-rules.ts';
import {
  createPmsChangeJobHandler,
  type PmsChangeDeps,
  OPENDENTAL_CHANGE_JOB,
  queueChangeMissedByWrite,
  type OfficeLock,
} from './pms-change-job.ts';
import { createPmsConfirmJobHandler, OPENDENTAL_CONFIRM_JOB, queueConfirmMissedByWrite } from './pms-confirm-job.ts';
import { queueWriteNotice } from './pms-write-notices.ts';
import {
  findAppointmentToWrite,
  markWritePending,
  markWritten,
  recordWriteProblem,
  savePmsPatNum,
  type AppointmentToWrite,
} from './pms-write-repository.ts';
import { settleOpenDentalFailure } from './pms-job-failure.ts';

export const OPENDENTAL_WRITE_JOB = 'opendental.write-appointment';
// 30 s doubling to 1 h: about nine hours, which also covers a payment hold (~40 min) before it.
const WRITE_MAX_ATTEMPTS = 16;

const PayloadSchema = z.object({ appointmentId: z.uuid() });

/**
 * Called in the booking transaction right after the insert: a booking with a time at a practice
 * on Open Dental is marked "pending" and its write job queued, so both commit or neither does.
 */
export async function queuePmsWrite(tx: Queryable, appointmentId: string, practice: PracticeRow): Promise<void> {
  if (practice.pms.type !== 'opendental') return;
  if (!(await markWritePending(tx, appointmentId))) return;
  await enqueueJob(tx, {
    type: OPENDENTAL_WRITE_JOB,
    payload: { appointmentId },
    dedupeKey: `${OPENDENTAL_WRITE_JOB}:${appointmentId}`,
    maxAttempts: WRITE_MAX_ATTEMPTS,
  });
}

/** Open Dental said no to this booking, or a person must decide: retrying cannot help. */
class WriteRefused extends Error {}

export interface PmsWriteDeps {
  db: Database;
  clock: Clock;
  /** Undefined when OPENDENTAL_DEVELOPER_KEY is not set. */
  openDental: OpenDentalConnector | undefined;
  /** This process's slot lists of a practice are stale (the change job moved a booking back). */
  onSlotsChanged?: ((practiceId: string) => void) | undefined;
  moveBack: PmsChangeDeps['moveBack'];
  recordFact: RecordPmsWritten;
}

/**
 * One write at a time per office in this process: two bookings of one new patient must not both
 * find "no such patient" and both create one.
 */
function createOfficeLock(): OfficeLock {
  const officeLocks = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (officeLocks.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    officeLocks.set(key, tail);
    void tail.then(() => officeLocks.get(key) === tail && officeLocks.delete(key));
    return run;
  };
}

async function writeBooking(
  deps: PmsWriteDeps,
  oneAtATime: OfficeLock,
  payload: unknown,
  context: JobContext,
): Promise<void> {
  const target = { what: 'write', schema: PayloadSchema, raw: payload, find: findAppointmentToWrite };
  const { appointment, practice } = await loadJobTarget(deps.db, target);
  if (appointment.pms_apt_num !== null || appointment.pms_write_status === 'written') return;
  if (!practice) return recordWriteProblem(deps.db, appointment.id, 'skipped', NOT_ON_OPEN_DENTAL);
  // A payment hold becomes a booking (or is released) within the hold time: ask again later.
  if (appointment.status === 'pending_payment')
    throw new Error('Waiting for the payment to complete before writing to Open Dental.');
  // Booked, confirmed or arrived (ADR 0033): a visit that is still on.
  if (!isBooked(appointment.status) || !appointment.starts_at || !appointment.ends_at) {
    return recordWriteProblem(
      deps.db,
      appointment.id,
      'skipped',
      `The appointment is ${appointment.status}; nothing to write.`,
    );
  }
  const customerKey = practice.pms.customer_key;
  try {
    const client = officeClient(deps.openDental, customerKey);
    const written = await oneAtATime(customerKey, () => writeToOpenDental(deps.db, client, appointment, practice));
    await deps.db.transaction(async (tx) => {
      await markWritten(tx, appointment.id, { ...written, at: deps.clock.now() });
      await deps.recordFact(tx, appointment.id, pmsWritten(deps.clock.now(), 'created', written.aptNum));
      await queueChangeMissedByWrite(tx, {
        appointmentId: appointment.id,
        startsAt: appointment.starts_at!,
        endsAt: appointment.ends_at!,
        provNum: appointment.pms_prov_num,
        opNum: appointment.pms_op_num,
      });
      await queueConfirmMissedByWrite(tx, appointment.id);
    });
  } catch (error) {
    await settleFailure(deps, error, appointment, practice, context);
  }
}

function settleFailure(
  deps: PmsWriteDeps,
  error: unknown,
  appointment: AppointmentToWrite,
  practice: PracticeRow,
  context: JobContext,
): Promise<never> {
  return settleOpenDentalFailure(deps.db, error, {
    appointmentId: appointment.id,
    context,
    isOurRefusal: error instanceof WriteRefused,
    what: 'Not written to Open Dental',
    queueFailedNotice: (tx, reason) => queueWriteNotice('failed', tx, practice, appointment, reason),
    queueDelayedNotice: (tx, reason) => queueWriteNotice('delayed', tx, practice, appointment, reason),
    report: (odError) => deps.openDental?.report(practice.id, odError),
  });
}

export function createPmsWriteJobHandlers(deps: PmsWriteDeps): Record<string, JobHandler> {
  const oneAtATime = createOfficeLock();
  return {
    [OPENDENTAL_WRITE_JOB]: (payload, context) => writeBooking(deps, oneAtATime, payload, context),
    [OPENDENTAL_CHANGE_JOB]: createPmsChangeJobHandler(deps, oneAtATime),
    [OPENDENTAL_CONFIRM_JOB]: createPmsConfirmJobHandler(deps, oneAtATime),
  };
}

/**
 * Find or create the patient, re-check the office's book for that day, then create the
 * appointment. Returns Open Dental's numbers for our records.
 */
async function writeToOpenDental(
  db: Queryable,
  client: OpenDentalClient,
  a: AppointmentToWrite,
  practice: PracticeRow,
): Promise<{ aptNum: number; patNum: number }> {
  const startsAt = a.starts_at!;
  const endsAt = a.ends_at!;
  let patNum = a.pms_pat_num;
  let isCreated = false;
  if (patNum === null) {
    ({ patNum, isCreated } = await findOrCreatePatient(client, a));
    await savePmsPatNum(db, a.id, patNum);
  }
  const aptDateTime = formatInstantLocal(startsAt, timeZoneAtClinic(practice, a.pms_clinic_num));
  // Right before the POST: Open Dental does not refuse double bookings itself (research doc §2.3).
  const sameDay = await client.getAll('/appointments', { date: aptDateTime.slice(0, 10) }, OdAppointmentSchema);
  const check = checkConflicts(
    sameDay,
    {
      patNum,
      opNum: a.pms_op_num,
      provNum: a.pms_prov_num,
      aptDateTime,
      startMs: startsAt.getTime(),
      endMs: endsAt.getTime(),
    },
    timeZoneAtClinic(practice, a.pms_clinic_num),
  );
  if (check.kind === 'ours') return { aptNum: check.aptNum, patNum };
  if (check.kind === 'conflict') {
    const other = check.appointment;
    throw new WriteRefused(
      `Open Dental already has appointment ${other.AptNum} at ${other.AptDateTime} (operatory ${other.Op}, ` +
        `provider ${other.ProvNum}) overlapping this booking.`,
    );
  }
  const body: OdAppointmentCreate = {
    PatNum: patNum,
    Op: a.pms_op_num,
    AptDateTime: aptDateTime,
    Pattern: patternFor((endsAt.getTime() - startsAt.getTime()) / 60_000),
    ProvNum: a.pms_prov_num,
    ...(a.pms_clinic_num !== null ? { ClinicNum: a.pms_clinic_num } : {}),
    IsNewPatient: a.patient_status === 'New Patient' || isCreated ? 'true' : 'false',
    Note: a.message ?? '',
  };
  const created = await client.post('/appointments', body, OdAppointmentSchema);
  return { aptNum: created.AptNum, patNum };
}

async function findOrCreatePatient(
  client: OpenDentalClient,
  a: AppointmentToWrite,
): Promise<{ patNum: number; isCreated: boolean }> {
  const who = {
    firstName: a.first_name,
    lastName: a.last_name,
    dob: a.dob,
    email: a.email ?? '',
    wirelessPhone: a.wireless_phone ?? '',
  };
  const candidates = await client.getAll(
    '/patients/Simple',
    { LName: a.last_name.trim(), FName: a.first_name.trim(), Birthdate: a.dob },
    OdPatientSchema,
  );
  const match = pickPatient(candidates, who);
  if (match.kind === 'found') return { patNum: match.patient.PatNum, isCreated: false };
  if (match.kind === 'ambiguous') {
    throw new WriteRefused(
      `${match.count} patients in Open Dental share this name and birth date, and the e-mail and phone do not tell ` +
        `them apart.`,
    );
  }
  const body: OdPatientCreate = {
    LName: a.last_name.trim(),
    FName: a.first_name.trim(),
    Birthdate: a.dob,
    Email: who.email,
    WirelessPhone: odPhone(who.wirelessPhone),
    // Not seen yet: the office turns a prospective patient into a patient at the first visit.
    PatStatus: 'Prospective',
    ...(a.pms_clinic_num !== null ? { ClinicNum: a.pms_clinic_num } : {}),
  };
  const created = await client.post('/patients', body, OdPatientSchema);
  return { patNum: created.PatNum, isCreated: true };
}

/** "+15125550123" -> "(512) 555-0123": Open Dental keeps phone numbers as typed, punctuation included. */
export function odPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? formatPhone(national) : phone.trim();
}
