import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { z } from 'zod';
import type { OpenDentalClient } from '../../adapters/pms/opendental/opendental-client.ts';
import { patternFor } from '../../adapters/pms/opendental/opendental-availability.ts';
import { OdAppointmentSchema, type OdAppointment } from '../../adapters/pms/opendental/opendental-schemas.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import { checkConflicts } from './opendental-write-rules.ts';
import type { AppointmentToChange } from './pms-change-repository.ts';

/** The change job's calls to Open Dental for one appointment it wrote before (research doc §2.3, §2.6). */

/** Open Dental said no to this change, or a person must decide: retrying cannot help. */
export class ChangeRefused extends Error {}

/** `odAt`: the appointment as Open Dental has it (still where it was, since the move did not go out). */
export type ChangeOutcome = { kind: 'done' } | { kind: 'conflict'; takenBy: OdAppointment; odAt: OdAppointment };

export function sameSlot(od: OdAppointment, at: { aptDateTime: string; opNum: number; provNum: number }): boolean {
  return od.AptDateTime.slice(0, 16) === at.aptDateTime.slice(0, 16) && od.Op === at.opNum && od.ProvNum === at.provNum;
}

/** Re-checks the office's book at the new time (as the write job does before a POST), then moves the appointment. */
export async function moveInOpenDental(
  client: OpenDentalClient,
  a: AppointmentToChange,
  aptNum: number,
  practice: PracticeRow,
): Promise<ChangeOutcome> {
  const tz = timeZoneAtClinic(practice, a.pms_clinic_num);
  const startsAt = a.starts_at!;
  const endsAt = a.ends_at!;
  const odAt = await client.get(`/appointments/${aptNum}`, {}, OdAppointmentSchema);
  if (odAt.AptStatus !== 'Scheduled')
    throw new ChangeRefused(`Open Dental's appointment ${aptNum} is ${odAt.AptStatus}, so it cannot be moved.`);
  const aptDateTime = formatInstantLocal(startsAt, tz);
  // An earlier attempt's PUT went through and its answer was lost.
  if (sameSlot(odAt, { aptDateTime, opNum: a.pms_op_num, provNum: a.pms_prov_num })) return { kind: 'done' };
  const sameDay = await client.getAll('/appointments', { date: aptDateTime.slice(0, 10) }, OdAppointmentSchema);
  const others = sameDay.filter((x) => x.AptNum !== aptNum);
  const check = checkConflicts(
    others,
    {
      patNum: odAt.PatNum,
      opNum: a.pms_op_num,
      provNum: a.pms_prov_num,
      aptDateTime,
      startMs: startsAt.getTime(),
      endMs: endsAt.getTime(),
    },
    tz,
  );
  // "ours" here is a second appointment of the same patient at that time: not ours to overlap either.
  if (check.kind === 'conflict') return { kind: 'conflict', takenBy: check.appointment, odAt };
  if (check.kind === 'ours') return { kind: 'conflict', takenBy: others.find((x) => x.AptNum === check.aptNum)!, odAt };
  // The general update (research doc §2.6): the time, chair, provider and length; nothing else changes.
  await client.put(
    `/appointments/${aptNum}`,
    {
      AptDateTime: aptDateTime,
      Op: a.pms_op_num,
      ProvNum: a.pms_prov_num,
      Pattern: patternFor((endsAt.getTime() - startsAt.getTime()) / 60_000),
    },
    z.unknown(),
  );
  return { kind: 'done' };
}

/**
 * Breaks rather than deletes (the API has no appointment DELETE; Break is its "cancel", research
 * doc §2.6): the office keeps the history and Open Dental counts the broken appointment as it
 * does its own. Sent to the Unscheduled List, it leaves the book, so the time is free there as
 * it is with us, and the front desk sees the patient to follow up with. A no-show is "Missed".
 */
export async function breakInOpenDental(
  client: OpenDentalClient,
  a: AppointmentToChange,
  aptNum: number,
): Promise<ChangeOutcome> {
  const odAt = await client.get(`/appointments/${aptNum}`, {}, OdAppointmentSchema);
  // Already off the book: an earlier attempt whose answer was lost, or the front desk.
  if (odAt.AptStatus === 'Broken' || odAt.AptStatus === 'UnschedList') return { kind: 'done' };
  if (odAt.AptStatus !== 'Scheduled')
    throw new ChangeRefused(
      `Open Dental's appointment ${aptNum} is ${odAt.AptStatus}; only a Scheduled appointment can be broken.`,
    );
  await client.put(
    `/appointments/${aptNum}/Break`,
    { sendToUnscheduledList: 'true', breakType: a.status === 'no_show' ? 'Missed' : 'Cancelled' },
    z.unknown(),
  );
  return { kind: 'done' };
}
