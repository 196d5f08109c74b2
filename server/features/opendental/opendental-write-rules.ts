import { appointmentBusy } from '../../adapters/pms/opendental/opendental-availability.ts';
import type { OdAppointment, OdPatient } from '../../adapters/pms/opendental/opendental-schemas.ts';

/**
 * The decisions of the write job that need no network: which Open Dental patient is ours, and
 * whether the office's book already has something where our booking goes.
 */

export interface PatientIdentity {
  firstName: string;
  lastName: string;
  /** "YYYY-MM-DD" */
  dob: string;
  email: string;
  wirelessPhone: string;
}

export type PatientMatch =
  { kind: 'found'; patient: OdPatient } | { kind: 'none' } | { kind: 'ambiguous'; count: number };

// Not the person who is booking today: never attach an appointment to them.
const EXCLUDED_STATUSES = new Set(['Deceased', 'Archived']);

/**
 * patients/Simple matches names partially ("Ann" finds "Anna"), so the answer is filtered again:
 * same first name (or preferred name) and last name, ignoring case, accents and extra spaces,
 * and the same birth date. Several left: the e-mail or mobile number decides; if it cannot, the
 * match is ambiguous and a person must choose (research doc §2.7).
 */
export function pickPatient(candidates: readonly OdPatient[], who: PatientIdentity): PatientMatch {
  const first = normaliseName(who.firstName);
  const last = normaliseName(who.lastName);
  const exact = candidates.filter(
    (p) =>
      !EXCLUDED_STATUSES.has(p.PatStatus) &&
      normaliseName(p.LName) === last &&
      (normaliseName(p.FName) === first || (p.Preferred !== '' && normaliseName(p.Preferred) === first)) &&
      p.Birthdate === who.dob,
  );
  if (exact.length === 0) return { kind: 'none' };
  if (exact.length === 1) return { kind: 'found', patient: exact[0]! };
  const email = who.email.trim().toLowerCase();
  const phone = lastTenDigits(who.wirelessPhone);
  const byContact = exact.filter(
    (p) =>
      (email !== '' && p.Email.trim().toLowerCase() === email) ||
      (phone !== '' && lastTenDigits(p.WirelessPhone) === phone),
  );
  if (byContact.length === 1) return { kind: 'found', patient: byContact[0]! };
  return { kind: 'ambiguous', count: exact.length };
}

export function normaliseName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

function lastTenDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

export interface PlannedAppointment {
  patNum: number;
  opNum: number;
  provNum: number;
  /** Office wall time, "YYYY-MM-DD HH:mm:ss", as it will be sent. */
  aptDateTime: string;
  startMs: number;
  endMs: number;
}

export type ConflictCheck =
  | { kind: 'clear' }
  /** An earlier attempt created it (its answer was lost): adopt it instead of booking twice. */
  | { kind: 'ours'; aptNum: number }
  | { kind: 'conflict'; appointment: OdAppointment };

/**
 * Compares the office's appointments of that day with the one we are about to create: anything
 * on the book in the same operatory, or with the same provider, that overlaps is a conflict.
 */
export function checkConflicts(
  sameDay: readonly OdAppointment[],
  planned: PlannedAppointment,
  timeZone: string,
): ConflictCheck {
  const ours = sameDay.find(
    (a) =>
      a.PatNum === planned.patNum &&
      a.Op === planned.opNum &&
      a.AptDateTime.slice(0, 16) === planned.aptDateTime.slice(0, 16) &&
      a.AptStatus === 'Scheduled',
  );
  if (ours) return { kind: 'ours', aptNum: ours.AptNum };
  for (const appointment of sameDay) {
    const overlaps = appointmentBusy(appointment, timeZone).some(
      (busy) =>
        (busy.opNum === planned.opNum || busy.provNum === planned.provNum) &&
        Number(busy.start) < planned.endMs &&
        Number(busy.end) > planned.startMs,
    );
    if (overlaps) return { kind: 'conflict', appointment };
  }
  return { kind: 'clear' };
}
