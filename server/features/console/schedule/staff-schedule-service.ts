import type {
  StaffAppointmentDetail,
  StaffSchedule,
  StaffScheduleQuery,
  StaffSlots,
  StaffSlotsQuery,
} from '#domain/staff/staff-appointment-schemas.ts';
import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { normaliseEmail, normalisePhone } from '#domain/verification/contact-normalisation.ts';
import { PmsUnavailableError } from '../../../adapters/pms/pms-adapter.ts';
import type { PmsAdapterSelector } from '../../../adapters/pms/pms-adapter-factory.ts';
import { loadScheduleData } from '../../../adapters/pms/builtin-schedule-repository.ts';
import type { Clock } from '../../../clock.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { pmsUnavailable } from '../../availability/availability-service.ts';
import { findBookingEvents, findBookingState } from '../../bookings/booking-view.ts';
import { listScheduleBlocks } from './schedule-blocks-repository.ts';
import type { PracticesService } from '../../practices/practices-service.ts';
import { instantsOfDays } from '../staff-date-range.ts';
import { datesOf, openingHours, scheduleBlocks } from './schedule-blocks.ts';
import { listBookingReplies } from '../texts/patient-texts-repository.ts';
import { slotsOfEveryProvider } from './every-provider-slots.ts';
import { toStaffAppointment, toStaffAppointmentDetail } from './staff-appointment-view.ts';
import {
  findDetailRow,
  findScheduleSetup,
  listClosureNames,
  listConsents,
  listDeliveries,
  listScheduleRows,
  listOtherBookingRows,
} from './staff-schedule-repository.ts';
import { noticeFor } from '#domain/availability/booking-notice.ts';

/** The schedule's widest range: a month view and its edges. */
export const MAX_SCHEDULE_DAYS = 31;

export const appointmentNotFound = () => AppError.notFound('This appointment could not be found.');

export interface StaffScheduleDeps {
  db: Database;
  clock: Clock;
  practices: PracticesService;
  pmsFor: PmsAdapterSelector;
}

// The stored contact in the form consent rows keep it (lower-case e-mail, E.164 phone), or null.
const safeContact = (normalise: (value: string) => string | null, value: string | null) => {
  if (!value) return null;
  try {
    return normalise(value);
  } catch {
    return null;
  }
};

async function schedule(
  deps: StaffScheduleDeps,
  practiceId: string,
  query: StaffScheduleQuery,
): Promise<StaffSchedule> {
  const { db } = deps;
  const practice = await deps.practices.requirePractice(practiceId);
  const clinicNum = query.clinic ?? null;
  // One clinic's schedule is drawn on its own clock; all clinics together on the practice's (ADR 0061).
  const timeZone = timeZoneAtClinic(practice, clinicNum);
  const { from, to } = instantsOfDays(query, timeZone, MAX_SCHEDULE_DAYS);
  const [rows, setup, facts, closureNames, blockedTime] = await Promise.all([
    listScheduleRows(db, practiceId, { from, to, clinicNum }),
    findScheduleSetup(db, practiceId),
    // The slot engine's own reader of schedules, breaks, closures and time off.
    loadScheduleData(db, practiceId, from, to),
    listClosureNames(db, practiceId, query.from, query.to),
    listScheduleBlocks(db, practiceId, from.toISOString(), to.toISOString()),
  ]);
  const dates = datesOf(query.from, query.to);
  const isOpenDental = practice.pms.type === 'opendental';
  // Active providers and chairs, and any an appointment of the range still names.
  const providerNums = new Set(rows.map((row) => row.pms_prov_num));
  const opNums = new Set(rows.map((row) => row.pms_op_num));
  const providers = setup.providers.filter(
    (p) =>
      (p.is_active || providerNums.has(p.pms_prov_num)) &&
      (clinicNum === null || p.pms_clinic_nums.length === 0 || p.pms_clinic_nums.includes(clinicNum)),
  );
  const chairs = setup.chairs.filter(
    (c) =>
      (c.is_active || opNums.has(c.pms_op_num)) &&
      (clinicNum === null || c.pms_clinic_num === null || c.pms_clinic_num === clinicNum),
  );
  return {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    columns: setup.columns,
    clinics: setup.clinics,
    providers: providers.map((p) => ({
      pms_prov_num: p.pms_prov_num,
      name: p.name,
      pms_clinic_nums: p.pms_clinic_nums,
    })),
    chairs: chairs.map((c) => ({ pms_op_num: c.pms_op_num, name: c.name, pms_clinic_num: c.pms_clinic_num })),
    appointments: rows.map((row) => toStaffAppointment(row, timeZone, isOpenDental)),
    blocks: scheduleBlocks({ ...facts, closureNames, blockedTime }, dates, timeZone, clinicNum),
    hours: openingHours(facts, dates, clinicNum),
  };
}

/** The booking's detail, read through `q` (a change's transaction reads its own writes). */
async function detail(
  deps: StaffScheduleDeps,
  practiceId: string,
  appointmentId: string,
  q: Queryable = deps.db,
): Promise<StaffAppointmentDetail> {
  const { clock } = deps;
  const row = await findDetailRow(q, practiceId, appointmentId);
  if (!row) throw appointmentNotFound();
  const practice = await deps.practices.requirePractice(practiceId);
  const contacts = {
    email: safeContact(normaliseEmail, row.email),
    phone: safeContact(normalisePhone, row.wireless_phone),
  };
  const [consents, deliveries, events, others, replies] = await Promise.all([
    listConsents(q, practiceId, appointmentId, contacts),
    listDeliveries(q, practiceId, appointmentId),
    findBookingEvents(q, appointmentId),
    listOtherBookingRows(q, practiceId, appointmentId),
    listBookingReplies(q, practiceId, appointmentId),
  ]);
  return toStaffAppointmentDetail(
    row,
    { consents, deliveries, events, others, replies },
    {
      timeZone: timeZoneAtClinic(practice, row.pms_clinic_num),
      isOpenDental: practice.pms.type === 'opendental',
      now: clock.now(),
    },
  );
}

/**
 * A day's free times for staff: the slot engine on the practice's schedule, with no minimum
 * notice (only the past is gone). A booking being moved counts its own time as free. Without a
 * provider, every free provider at each time (ADR 0066).
 */
async function slots(deps: StaffScheduleDeps, practiceId: string, query: StaffSlotsQuery): Promise<StaffSlots> {
  const { db, clock } = deps;
  const practice = await deps.practices.requirePractice(practiceId);
  const reason = await deps.practices.requireActiveReason(practiceId, query.reason_id);
  let ignore: { appointmentId: string; pmsAptNum: number | null } | undefined;
  if (query.appointment_id) {
    const moving = await findBookingState(db, query.appointment_id);
    if (!moving || moving.practice_id !== practiceId) throw appointmentNotFound();
    ignore = { appointmentId: moving.id, pmsAptNum: moving.pms_apt_num };
  }
  const slotsOf = async (provNum: number) => {
    const { records } = await deps.pmsFor(practice.pms).getAvailability({
      practice: noticeFor(practice, 'staff'),
      now: clock.now(),
      timeZone: timeZoneAtClinic(practice, query.clinic),
      startDate: query.date,
      endDate: query.date,
      durationMinutes: reason.final_duration,
      allowedProvNums: reason.provider_nums,
      ...(query.clinic !== undefined ? { clinicNum: query.clinic } : {}),
      provNum,
      ...(ignore ? { ignore } : {}),
    });
    return records;
  };
  try {
    if (query.pms_prov_num) return await slotsOf(query.pms_prov_num);
    const listed = (await deps.practices.listReasons(practiceId)).find((r) => r.id === reason.id);
    return await slotsOfEveryProvider(listed?.providers.map((p) => p.pms_prov_num) ?? [], slotsOf);
  } catch (error) {
    if (error instanceof PmsUnavailableError) throw pmsUnavailable(error.reason);
    throw error;
  }
}

/** The console's reading side: the schedule, one booking's detail and a day's free times, each within one practice. */
export function createStaffScheduleReader(deps: StaffScheduleDeps) {
  return {
    schedule: (practiceId: string, query: StaffScheduleQuery) => schedule(deps, practiceId, query),
    detail: (practiceId: string, appointmentId: string, q?: Queryable) => detail(deps, practiceId, appointmentId, q),
    slots: (practiceId: string, query: StaffSlotsQuery) => slots(deps, practiceId, query),
  };
}

export type StaffScheduleReader = ReturnType<typeof createStaffScheduleReader>;
