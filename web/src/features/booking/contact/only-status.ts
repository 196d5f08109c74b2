import type { PatientStatus } from '#domain/booking/booking-schemas.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import type { en } from './contact-form.messages.ts';

/**
 * The one patient status a reason can be booked for, when it is for new or returning patients
 * only; null when it takes both.
 */
export function onlyStatusFor(
  reason: Pick<ReasonForVisit, 'for_new_patients' | 'for_returning_patients'> | null | undefined,
): PatientStatus | null {
  if (!reason || reason.for_new_patients === reason.for_returning_patients) return null;
  return reason.for_new_patients ? 'New Patient' : 'Returning Patient';
}

/**
 * What the contact form says, in place of the visited-before question, for such a reason: its message
 * key (contact-form.messages.ts).
 */
export function onlyStatusNotice(status: PatientStatus, isForSomeoneElse: boolean): keyof typeof en {
  if (status === 'New Patient') return isForSomeoneElse ? 'newPatientsOnlyOther' : 'newPatientsOnly';
  return isForSomeoneElse ? 'returningPatientsOnlyOther' : 'returningPatientsOnly';
}
