import type { PatientStatus } from '#domain/booking/booking-schemas.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';

/**
 * The one patient status a reason can be booked for, when it is for new or returning patients
 * only (issue 16); null when it takes both.
 */
export function onlyStatusFor(reason: Pick<ReasonForVisit, 'for_new_patients' | 'for_returning_patients'> | null | undefined): PatientStatus | null {
  if (!reason || reason.for_new_patients === reason.for_returning_patients) return null;
  return reason.for_new_patients ? 'New Patient' : 'Returning Patient';
}

/** What the contact form says, in place of the visited-before question, for such a reason. */
export function onlyStatusNotice(status: PatientStatus, isForSomeoneElse: boolean): string {
  const who = status === 'New Patient' ? 'new patients' : 'returning patients';
  const other = status === 'New Patient' ? (isForSomeoneElse ? 'If they have visited us before' : 'If you have visited us before') : isForSomeoneElse ? 'If this is their first visit' : 'If this is your first visit';
  return `This appointment is for ${who} only. ${other}, please call us to book.`;
}
